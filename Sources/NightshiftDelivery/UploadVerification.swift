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

    public init(digest: FileDigest, sizeConfirmed: Bool, sha256Confirmed: Bool) {
        self.digest = digest
        self.sizeConfirmed = sizeConfirmed
        self.sha256Confirmed = sha256Confirmed
    }

    /// Sent; the destination confirmed nothing.
    public static func sent(_ digest: FileDigest) -> UploadVerification {
        UploadVerification(digest: digest, sizeConfirmed: false, sha256Confirmed: false)
    }

    /// The destination holds exactly these bytes.
    public static func verified(_ digest: FileDigest) -> UploadVerification {
        UploadVerification(digest: digest, sizeConfirmed: true, sha256Confirmed: true)
    }

    /// The step's line: `verified:` only for what the destination confirmed.
    public var description: String {
        let size = "size \(digest.size) bytes", sha256 = "sha256 \(digest.sha256)"
        return switch (sizeConfirmed, sha256Confirmed) {
        case (true, true): "verified: \(digest)"
        case (true, false): "verified: \(size) (\(sha256) sent, not confirmed by the destination)"
        case (false, true): "verified: \(sha256) (\(size) sent, not confirmed by the destination)"
        case (false, false): "sent: \(digest) (not confirmed by the destination)"
        }
    }
}
