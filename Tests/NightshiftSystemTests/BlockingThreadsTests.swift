import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftScheduling
@testable import NightshiftSystem
import Testing

@Suite("BlockingThreads")
struct BlockingThreadsTests {
    @Test("blocking works all run at once, however many there are: none waits for another to finish")
    func concurrent() {
        let threads = BlockingThreads(idleLifetime: .seconds(1))
        let count = 12
        let arrived = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for _ in 0..<count {
            finished.enter()
            threads.run {
                arrived.signal()
                release.wait()
                finished.leave()
            }
        }
        // Every work must be running (blocked) before any is released.
        var running = 0
        while running < count, arrived.wait(timeout: .now() + 10) == .success { running += 1 }
        #expect(running == count)
        for _ in 0..<count { release.signal() }
        #expect(finished.wait(timeout: .now() + 10) == .success)
    }

    @Test("an idle thread is reused for later work")
    func reuse() {
        let threads = BlockingThreads(idleLifetime: .seconds(5))
        let done = DispatchSemaphore(value: 0)
        var seen: [pthread_t] = []
        var reused = false
        // A worker parks itself just after its work ends, so the next run may come too early
        // for it and start a new thread; within a few tries one must land on a known thread.
        for _ in 0..<100 where !reused {
            let name = ThreadName()
            threads.run {
                name.record(); done.signal()
            }
            done.wait()
            guard let thread = name.thread else { continue }
            reused = seen.contains { pthread_equal($0, thread) != 0 }
            seen.append(thread)
            usleep(2_000)
        }
        #expect(reused)
    }
}

/// Which thread a work ran on.
private final class ThreadName: @unchecked Sendable {
    private let lock = NSLock()
    private var value: pthread_t?

    func record() { lock.withLock { value = pthread_self() } }
    var thread: pthread_t? { lock.withLock { value } }
}
