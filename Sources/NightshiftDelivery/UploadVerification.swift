/// What is known about the bytes an upload delivered. altool and Firebase's upload report neither
/// size nor checksum back, so for them only what was sent is known, and the step must not call
/// that "verified". A folder copy is read back; an HTTP store may echo what it stored.
public struct UploadVerification: Sendable, Hashable, CustomStringConvertible {
    /// The file as it was sent.
    public var digest: FileDigest
    /// The destination reported the same size.
    public var sizeConfirmed: Bool
    /// The destination reported the same SHA-256.
    public var sha256Confirmed: Bool

    /// What the destination said it did with the bytes, in its own terms (`build 1.4.0 (812)
    /// VALID in App Store Connect`), when it confirmed more than bytes.
    public var confirmation: String?

    public init(digest: FileDigest, sizeConfirmed: Bool, sha256Confirmed: Bool, confirmation: String? = nil) {
        self.digest = digest
        self.sizeConfirmed = sizeConfirmed
        self.sha256Confirmed = sha256Confirmed
        self.confirmation = confirmation
    }

    /// Sent; the destination confirmed nothing.
    public static func sent(_ digest: FileDigest) -> UploadVerification {
        UploadVerification(digest: digest, sizeConfirmed: false, sha256Confirmed: false)
    }

    /// The destination holds exactly these bytes.
    public static func verified(_ digest: FileDigest) -> UploadVerification {
        UploadVerification(digest: digest, sizeConfirmed: true, sha256Confirmed: true)
    }

    /// The destination processed exactly these bytes (it checked the SHA-256 it was given) and
    /// says so in `statement`.
    public static func confirmed(_ digest: FileDigest, _ statement: String) -> UploadVerification {
        UploadVerification(digest: digest, sizeConfirmed: true, sha256Confirmed: true, confirmation: statement)
    }

    /// The step's line: `verified:` only for what the destination confirmed.
    public var description: String {
        if let confirmation, sizeConfirmed, sha256Confirmed { return "verified: \(confirmation) (\(digest))" }
        let size = "size \(digest.size) bytes", sha256 = "sha256 \(digest.sha256)"
        return switch (sizeConfirmed, sha256Confirmed) {
        case (true, true): "verified: \(digest)"
        case (true, false): "verified: \(size) (\(sha256) sent, not confirmed by the destination)"
        case (false, true): "verified: \(sha256) (\(size) sent, not confirmed by the destination)"
        case (false, false): "sent: \(digest) (not confirmed by the destination)"
        }
    }
}
