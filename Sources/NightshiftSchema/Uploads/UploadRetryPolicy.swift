public import NightshiftCore

/// How a transfer is retried: `attempts:` tries in all, waiting `backoff:` before the second and
/// doubling each time, stretched by up to `jitter` so many runners do not hammer a server in step.
public struct UploadRetryPolicy: Sendable, Hashable {
    public var attempts: Int
    public var backoff: Duration
    /// Fraction of the nominal wait added at random (0.2: up to 20 % longer).
    public var jitter: Double
    /// The longest wait, whatever the doubling or a server's `Retry-After` asks for.
    public var maximumWait: Duration

    public init(attempts: Int = 5, backoff: Duration = .seconds(2), jitter: Double = 0.2, maximumWait: Duration = .seconds(300)) {
        self.attempts = attempts
        self.backoff = backoff
        self.jitter = jitter
        self.maximumWait = maximumWait
    }

    /// The wait after failed attempt `attempt` (1 for the first), before any Retry-After.
    public func wait(afterAttempt attempt: Int, unit: Double) -> Duration {
        let doublings = min(max(0, attempt - 1), 30)
        let nominal = backoff * (1 << doublings)
        return min(nominal + nominal * (jitter * unit), maximumWait)
    }

    /// Whether a response with this status is worth another try: the server's fault, or asked to
    /// come back later. Any other 4xx will fail the same way again.
    public static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500..<600).contains(status)
    }
}

/// Run by the one `RetryLoop`, as a step's `retry:` is.
extension UploadRetryPolicy: RetrySchedule {}
