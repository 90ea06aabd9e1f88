/// Work that blocks its thread and may never end through no fault of nightshift's (a report
/// written into a FIFO whose reader stopped reading), awaited so that cancelling the caller stops
/// the wait: the caller gets nil at once, and the work is left to finish, or to stay blocked, on
/// its own thread, its result dropped. Only for work whose caller is about to end the process
/// anyway (a signal while the reports are written, issue #38 §12): the thread is not reclaimed.
public enum AbandonableWork {
    public static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result? {
        let waiting = LockedValue<CheckedContinuation<Result?, Never>?>(nil)
        /// Resumes the caller once, whichever of the work and the cancellation comes first.
        @Sendable func finish(_ result: Result?) {
            waiting.withLock { continuation in
                defer { continuation = nil }
                return continuation
            }?.resume(returning: result)
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result?, Never>) in
                waiting.withLock { $0 = continuation }
                if Task.isCancelled { return finish(nil) }
                BlockingThreads.shared.run { finish(work()) }
            }
        } onCancel: {
            finish(nil)
        }
    }
}
