import NightshiftCore

/// A notarization that could not go on, with a message fit for the user (masked before it leaves
/// the step) and its code in reports.
struct NotaryError: Error, Sendable, CustomStringConvertible {
    var message: String
    var reason: FailureReason
    /// No answer came (refused, dropped, timed out) after the transport's retries: the wait may
    /// try again at its next poll.
    var lostConnection = false
    /// Apple did not act on the request: it answered with an error status, or no connection was
    /// made (nothing was sent). A submission whose creation failed so does not exist; one whose
    /// creation failed otherwise (the connection dropped after the request left) may.
    var notActedOn = false

    init(_ message: String, reason: FailureReason, lostConnection: Bool = false, notActedOn: Bool = false) {
        self.message = message
        self.reason = reason
        self.lostConnection = lostConnection
        self.notActedOn = notActedOn
    }

    var description: String { message }
}
