/// An upload that did not happen, with a message fit for the user. Uploaders build it from
/// masked text only, so it can be printed as it is.
public struct UploadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var destination: String
    public var message: String

    public init(_ destination: String, _ message: String) {
        self.destination = destination
        self.message = message
    }

    public var description: String { "upload to \(destination) failed: \(message)" }
}
