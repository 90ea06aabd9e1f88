public import Foundation

/// The temporary credentials Apple's notary service hands out with a new submission (valid about
/// 12 hours), for its S3 bucket.
public struct NotaryS3Credentials: Codable, Sendable, Hashable {
    public var accessKeyID: String
    public var secretAccessKey: String
    public var sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String?) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// What must never be printed: the access key id names the credentials, the rest grants them.
    var secrets: [String] { [secretAccessKey] + (sessionToken.map { [$0] } ?? []) }
}

/// Puts the submitted file where Apple said (`bucket`, `key`) with the credentials it gave. The
/// S3 uploader implements it (SigV4, multipart above its part size, resumable through
/// `progressFile`); tests fake it.
public protocol NotaryFileUpload: Sendable {
    /// - Parameters:
    ///   - endpoint: nil for AWS; else an S3-compatible origin (`NOTARY_S3_ENDPOINT`), path-style.
    ///   - progressFile: where the upload keeps what it sent, so a later run continues it.
    func upload(
        file: String, bucket: String, key: String, credentials: NotaryS3Credentials, region: String, endpoint: URL?,
        progressFile: String?, log: @escaping @Sendable (String) -> Void
    ) async throws
}
