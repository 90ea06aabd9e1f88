import Foundation

/// Runs an async handler to its end on the calling thread, a loopback connection's own: the
/// handler's task prefers this executor (SE-0417), so its jobs come here and the thread runs them
/// while it waits, never on the cooperative pool. Swift Testing puts every test of a run on that
/// pool at once: on two cores a FlyingFox server's connection waited there behind hundreds of
/// ready tests for over a minute, its 60 s timeout answered 500, and the client retried.
enum ServerThreads {
    /// `work`'s result, computed on this thread (on an older macOS without task executors, on
    /// the cooperative pool while this thread waits).
    static func run<Result: Sendable>(_ work: @escaping @Sendable () async -> Result) -> Result {
        let outcome = LockedResult<Result>()
        if #available(macOS 15.0, *) {
            let jobs = ThreadJobs()
            Task(executorPreference: jobs) {
                outcome.set(await work())
                jobs.finish()
            }
            jobs.runUntilFinished()
        } else {
            let done = DispatchSemaphore(value: 0)
            Task {
                outcome.set(await work())
                done.signal()
            }
            done.wait()
        }
        return outcome.value!
    }
}

private final class LockedResult<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `stored` is only touched with `lock` held.
    private let lock = NSLock()
    private var stored: Value?
    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value? { lock.withLock { stored } }
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
