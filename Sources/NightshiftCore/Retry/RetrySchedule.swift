/// How many tries something gets and how long to wait between them. Two configurations: a step's
/// `retry:` (`RetryPolicy`) and an upload's `attempts:`/`backoff:` (`UploadRetryPolicy`); both
/// are run by the one `RetryLoop`.
public protocol RetrySchedule: Sendable {
    /// Tries in all, the first included.
    var attempts: Int { get }
    /// The wait after failed attempt `attempt` (1 for the first); `unit` is a jitter draw in 0..<1.
    func wait(afterAttempt attempt: Int, unit: Double) -> Duration
}

/// A number in 0..<1 for back-off jitter; injected so tests know the waits exactly.
public protocol JitterSource: Sendable {
    func nextUnit() -> Double
}

public struct SystemJitterSource: JitterSource {
    public init() {}
    public func nextUnit() -> Double { Double.random(in: 0..<1) }
}
