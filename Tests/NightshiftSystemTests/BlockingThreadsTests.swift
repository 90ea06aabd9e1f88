import Foundation
@testable import NightshiftSystem
import NightshiftTestSupport
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
    func reuse() async throws {
        // Longer than any starvation of this task: a whole suite on two loaded cores kept it
        // from looking for over 60 s, the worker retired meanwhile and was never seen parked.
        let threads = BlockingThreads(idleLifetime: .seconds(86_400))
        let first = ThreadName(), second = ThreadName()
        threads.run { first.record() }
        // A worker parks itself just after its work ends: the next work waits for that, so it
        // cannot come too early and start a new thread.
        await waitUntil("the worker parks itself") { threads.idleCount == 1 }
        threads.run { second.record() }
        await waitUntil("the second work ran") { second.thread != nil }
        let (one, two) = (try #require(first.thread), try #require(second.thread))
        #expect(pthread_equal(one, two) != 0)
    }
}

/// Which thread a work ran on.
private final class ThreadName: @unchecked Sendable {
    private let lock = NSLock()
    private var value: pthread_t?

    func record() { lock.withLock { value = pthread_self() } }
    var thread: pthread_t? { lock.withLock { value } }
}
