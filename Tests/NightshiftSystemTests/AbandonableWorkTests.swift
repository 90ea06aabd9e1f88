import Foundation
import Testing
@testable import NightshiftSystem

/// Issue #38 §12: a report written into a FIFO whose reader stopped reading blocked the run, and
/// a signal no longer ended it. Work awaited through `AbandonableWork` stops being waited on when
/// its caller is cancelled (as `runUntilInterrupted` does on a signal).
@Suite("AbandonableWork")
struct AbandonableWorkTests {
    @Test("the work's result when it ends")
    func result() async {
        #expect(await AbandonableWork.run { 42 } == 42)
    }

    @Test("a cancelled caller gets nil at once while the work is still blocked")
    func cancelled() async {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let task = Task {
            await AbandonableWork.run { () -> Int in
                started.signal()
                release.wait()
                return 1
            }
        }
        await BlockingWork.run { started.wait() }
        task.cancel()
        #expect(await task.value == nil)
        release.signal()
    }
}
