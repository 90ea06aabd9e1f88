import Foundation

/// Threads of nightshift's own for work that blocks (the output pumps' `poll` and `waitid`),
/// kept after use so that a lane of 1,000 short steps does not start 1,000 threads.
///
/// Never a Dispatch queue: blocking work items there occupy the threads Swift concurrency and
/// URLSession run on (on Linux both use libdispatch's global pool), and on a 2-core machine two
/// blocked pumps starved the rest of the process. An idle thread ends after `idleLifetime`.
final class BlockingThreads: Sendable {
    static let shared = BlockingThreads()

    let idleLifetime: DispatchTimeInterval
    private let idle = LockedValue([Worker]())

    init(idleLifetime: DispatchTimeInterval = .seconds(10)) {
        self.idleLifetime = idleLifetime
    }

    /// Runs `work` on an idle thread, or on a new one when none is idle.
    func run(_ work: @escaping @Sendable () -> Void) {
        if let worker = idle.withLock({ $0.popLast() }) {
            worker.hand(work)
        } else {
            let worker = Worker(work)
            let thread = Thread { [self] in worker.loop(in: self) }
            thread.name = "nightshift-blocking"
            thread.start()
        }
    }

    fileprivate func park(_ worker: Worker) {
        idle.withLock { $0.append(worker) }
    }

    /// How many threads wait for work: a test waits for a worker to park before handing it more.
    var idleCount: Int { idle.withLock { $0.count } }

    /// Takes an idle worker out of the pool when its lifetime is up; false when it was just
    /// handed work, which it must then wait for.
    fileprivate func retire(_ worker: Worker) -> Bool {
        idle.withLock { idle in
            guard let index = idle.firstIndex(where: { $0 === worker }) else { return false }
            idle.remove(at: index)
            return true
        }
    }
}

/// One thread's mailbox: the work it runs next.
private final class Worker: Sendable {
    /// Handed over and taken under the box's lock; the semaphore wakes the thread.
    private let work: LockedValue<(@Sendable () -> Void)?>
    private let arrived = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () -> Void) {
        self.work = LockedValue(work)
    }

    func hand(_ work: @escaping @Sendable () -> Void) {
        self.work.withLock { $0 = work }
        arrived.signal()
    }

    func loop(in pool: BlockingThreads) {
        while true {
            let next = work.withLock { work in
                defer { work = nil }
                return work
            }
            next?()
            pool.park(self)
            if arrived.wait(timeout: .now() + pool.idleLifetime) == .timedOut {
                if pool.retire(self) { return }
                arrived.wait()
            }
        }
    }
}
