public import Foundation
public import NightshiftSystem

public struct S3UploadRequest: Sendable {
    public var file: AbsolutePath
    public var object: S3Object
    public var credentials: S3Credentials
    /// The bucket's region, which the signature names. Apple's notary bucket is in `us-west-2`
    /// (its documentation names `notary-submissions-prod.s3.us-west-2.amazonaws.com` as the
    /// endpoint without Transfer Acceleration).
    public var region: String
    /// nil: virtual-hosted `https://<bucket>.s3.<region>.amazonaws.com/<key>`; set
    /// (`NOTARY_S3_ENDPOINT`): path-style `<endpoint>/<bucket>/<key>`, for tests and proxies.
    public var endpoint: URL?
    /// Owner-only (0600) state file: a multipart upload records its UploadId and the parts S3
    /// took (with their ETags) here, so that another process continues it without sending a
    /// finished part again. nil: a crash loses the parts already sent.
    public var progressFile: AbsolutePath?
    /// Files above this size go in parts (see `S3Uploader.defaultMultipartThreshold`).
    public var multipartThreshold: Int64
    /// The size of each part but the last (S3's minimum is 5 MiB, except in tests against moto).
    public var partSize: Int64

    public init(
        file: AbsolutePath, object: S3Object, credentials: S3Credentials, region: String = "us-west-2", endpoint: URL? = nil,
        progressFile: AbsolutePath? = nil, multipartThreshold: Int64 = S3Uploader.defaultMultipartThreshold,
        partSize: Int64 = S3Uploader.defaultPartSize
    ) {
        self.file = file
        self.object = object
        self.credentials = credentials
        self.region = region
        self.endpoint = endpoint
        self.progressFile = progressFile
        self.multipartThreshold = multipartThreshold
        self.partSize = partSize
    }
}

/// Uploads one file to S3; the notary step holds one, tests a fake.
public protocol S3Uploading: Sendable {
    func upload(_ request: S3UploadRequest, log: @escaping @Sendable (String) -> Void) async throws
}
