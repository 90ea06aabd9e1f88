public import NightshiftCore

/// An S3 request that failed for good, in words fit for the user: S3's own `Code` and
/// `Message` from its XML error body when it sent one. Never holds a credential: messages are
/// made from the object's name, the method and S3's answer, which names none.
public struct S3Error: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// `ExpiredToken` (the 12-hour credentials ran out) or `InvalidAccessKeyId`,
        /// `InvalidToken`, `SignatureDoesNotMatch` for credentials that are not (or no longer) good.
        case credentials
        /// `RequestTimeTooSkewed`: this machine's clock is more than 15 minutes off.
        case clockSkew
        /// S3 answered and refused (any other 4xx).
        case rejected
        /// No answer, or 5xx/throttling, after every attempt.
        case unavailable
        /// The file could not be read (or changed while it was sent).
        case localFile
    }

    public var kind: Kind
    public var message: String
    /// S3's error code (`ExpiredToken`, `NoSuchUpload`, …), when it sent one.
    public var code: String?
    public var status: Int?

    public init(_ kind: Kind, _ message: String, code: String? = nil, status: Int? = nil) {
        self.kind = kind
        self.message = message
        self.code = code
        self.status = status
    }

    /// Its code in reports, as an upload's failures are counted.
    public var reason: FailureReason {
        switch kind {
        case .credentials, .clockSkew, .rejected: .uploadRejected
        case .unavailable: .uploadUnavailable
        case .localFile: .uploadFailed
        }
    }

    public var description: String { message }
}
