public import Foundation
import NightshiftCore
import NightshiftSystem

/// The notary step's upload, made by the S3 uploader: Apple's bucket and object with the
/// credentials it issued, continued from the progress file after a crash. S3's refusals become
/// the step's failures with S3's own words and reason.
public struct S3NotaryFileUpload: NotaryFileUpload {
    public var s3: any S3Uploading
    /// Above it, multipart in parts of `partSize` (S3Uploader's defaults, measured by scripts/bench-s3).
    public var multipartThreshold = S3Uploader.defaultMultipartThreshold
    public var partSize = S3Uploader.defaultPartSize

    public init(s3: any S3Uploading) {
        self.s3 = s3
    }

    public func upload(
        file: String, bucket: String, key: String, credentials: NotaryS3Credentials, region: String, endpoint: URL?,
        progressFile: String?, log: @escaping @Sendable (String) -> Void
    ) async throws {
        let request = S3UploadRequest(
            file: try AbsolutePath(validating: file), object: S3Object(bucket: bucket, key: key),
            credentials: S3Credentials(
                accessKeyID: credentials.accessKeyID, secretAccessKey: credentials.secretAccessKey, sessionToken: credentials.sessionToken),
            region: region, endpoint: endpoint, progressFile: try progressFile.map { try AbsolutePath(validating: $0) },
            multipartThreshold: multipartThreshold, partSize: partSize)
        do {
            try await s3.upload(request, log: log)
        } catch let error as S3Error {
            throw NotaryError(
                "the upload to Apple's notary bucket failed: \(error); running the lane again continues the upload it recorded",
                reason: error.reason)
        }
    }
}
