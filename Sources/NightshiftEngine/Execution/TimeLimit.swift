import NightshiftCore
public import NightshiftSystem

/// How work raced against a time limit ended.
public enum TimeLimited<Value: Sendable>: Sendable {
    case finished(Value)
    /// The limit came first; the work was cancelled (its processes torn down).
    case timedOut
}

/// Runs `work` against `limit` on the injected clock, cancelling whichever loses: a cleanup
/// action (`CleanupActionRun`) and the scheduler's git probe both must not hang for ever.
/// `StepWatchdog` races more than one limit at once and keeps its own group.
/// - Throws: what `work` throws, or `CancellationError` when the caller is cancelled first.
public func withTimeLimit<Value: Sendable>(
    _ limit: Duration, on clock: any WallClock, _ work: @escaping @Sendable () async throws -> Value
) async throws -> TimeLimited<Value> {
    try await withThrowingTaskGroup(of: TimeLimited<Value>.self) { group in
        group.addTask { .finished(try await work()) }
        group.addTask {
            try await clock.sleep(for: limit)
            return .timedOut
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        return first
    }
}
