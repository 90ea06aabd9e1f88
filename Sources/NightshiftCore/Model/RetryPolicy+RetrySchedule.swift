/// A step's `retry:` is run by the one `RetryLoop`.
extension RetryPolicy: RetrySchedule {
    public var attempts: Int { times + 1 }

    /// No jitter: a step's waits are exactly what lanes.yml says.
    public func wait(afterAttempt attempt: Int, unit: Double) -> Duration {
        delay(beforeAttempt: attempt + 1)
    }
}
