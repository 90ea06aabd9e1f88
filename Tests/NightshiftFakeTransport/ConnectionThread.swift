import Foundation
import NightshiftSystem

/// Runs an async handler to its end on the calling thread, a loopback connection's own: the
/// handler's task prefers this executor (SE-0417), so its jobs come here and the thread runs them
/// while it waits, never on the cooperative pool. Swift Testing puts every test of a run on that
/// pool at once: on two cores a FlyingFox server's connection waited there behind hundreds of
/// ready tests for over a minute, its 60 s timeout answered 500, and the client retried.
enum ConnectionThread {
    /// `work`'s result, computed on this thread (on an older macOS without task executors, on
    /// the cooperative pool while this thread waits).
    static func run<Result: Sendable>(_ work: @escaping @Sendable () async -> Result) -> Result {
        let outcome = LockedValue<Result?>(nil)
        if #available(macOS 15.0, *) {
            let jobs = ThreadJobs()
            Task(executorPreference: jobs) {
                let result = await work()
                outcome.withLock { $0 = result }
                jobs.finish()
            }
            jobs.runUntilFinished()
        } else {
            let done = DispatchSemaphore(value: 0)
            Task {
                let result = await work()
                outcome.withLock { $0 = result }
                done.signal()
            }
            done.wait()
        }
        return outcome.withLock { $0 }!
    }
}

/// The jobs of one task, run by the thread that calls `runUntilFinished`.
@available(macOS 15.0, *)
private final class ThreadJobs: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` and `finished` are only touched with `condition` held.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    func finish() {
        condition.withLock {
            finished = true
            condition.signal()
        }
    }

    func runUntilFinished() {
        let executor = asUnownedTaskExecutor()
        while true {
            let next: UnownedJob? = condition.withLock {
                while jobs.isEmpty && !finished { condition.wait() }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let next else { return }
            next.runSynchronously(on: executor)
        }
    }
}
