public import NightshiftCore

/// An attempt of a retried step that failed before its last attempt. Reports keep them: JUnit's
/// `<flakyFailure>` (the step passed on a retry) and `<rerunFailure>` (it failed after retries).
public struct AttemptFailure: Sendable, Hashable {
    /// 1 for the first attempt.
    public var attempt: Int
    /// `.failed` or `.timedOut`: an interrupted attempt is never retried.
    public var status: StepStatus
    /// Why it failed, masked.
    public var message: String
    /// Its code, as the step's own `reason` would be.
    public var reason: FailureReason
    /// The attempt's last lines of output, masked.
    public var outputTail: String

    public init(attempt: Int, status: StepStatus, message: String, reason: FailureReason = .stepFailed, outputTail: String) {
        self.attempt = attempt
        self.status = status
        self.message = message
        self.reason = reason
        self.outputTail = outputTail
    }
}
