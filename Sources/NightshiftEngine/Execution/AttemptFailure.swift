/// An attempt of a retried step that failed before its last attempt. Reports keep them: JUnit's
/// `<flakyFailure>` (the step passed on a retry) and `<rerunFailure>` (it failed after retries).
public struct AttemptFailure: Sendable, Hashable {
    /// 1 for the first attempt.
    public var attempt: Int
    /// `.failed` or `.timedOut`: an interrupted attempt is never retried.
    public var status: StepStatus
    /// Why it failed, masked.
    public var message: String
    /// The attempt's last lines of output, masked.
    public var outputTail: String

    public init(attempt: Int, status: StepStatus, message: String, outputTail: String) {
        self.attempt = attempt
        self.status = status
        self.message = message
        self.outputTail = outputTail
    }
}
