public import NightshiftCore

/// An upload that did not happen, with a message fit for the user. Uploaders build it from
/// masked text only, so it can be printed as it is.
public struct UploadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var destination: String
    public var message: String
    /// Its code in reports; the uploader that raises it knows whether the destination said no.
    public var reason: FailureReason

    public init(_ destination: UploadDestination, _ message: String, reason: FailureReason = .uploadFailed) {
        self.init(named: destination.rawValue, message, reason: reason)
    }

    /// For what is not one of the destinations (a test server that could not start).
    public init(named destination: String, _ message: String, reason: FailureReason = .uploadFailed) {
        self.destination = destination
        self.message = message
        self.reason = reason
    }

    public var description: String { "upload to \(destination) failed: \(message)" }
}
