import NightshiftCore

/// A notarization that could not go on, with a message fit for the user (masked before it leaves
/// the step) and its code in reports.
struct NotaryError: Error, Sendable, CustomStringConvertible {
    var message: String
    var reason: FailureReason
    /// No answer came (refused, dropped, timed out) after the transport's retries: the wait may
    /// try again at its next poll.
    var lostConnection = false

    init(_ message: String, reason: FailureReason, lostConnection: Bool = false) {
        self.message = message
        self.reason = reason
        self.lostConnection = lostConnection
    }

    var description: String { message }
}
