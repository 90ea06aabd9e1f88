import NightshiftSystem
public import NightshiftServices

/// Uploads a file to S3 with AWS Signature V4 and temporary credentials, as Apple's Notary API
/// asks (`notarize:`): one PutObject up to `multipartThreshold`, a multipart upload above it
/// (see `S3MultipartUpload`), every request through the run's transport and retry policy.
///
/// Every request's payload is signed with its SHA-256 (not `UNSIGNED-PAYLOAD`): each part is
/// hashed from disk just before it is sent, and S3 refuses a body whose bytes differ
/// (`XAmzContentSHA256Mismatch`), so a file rewritten during the upload fails at that part
/// instead of becoming an object Apple later rejects, over plain HTTP endpoints too. That costs
/// one extra read of each part, from the page cache (see scripts/bench-s3). It also makes what
/// ListParts reports trustworthy when an upload is continued: a listed part is our bytes.
public struct S3Uploader: S3Uploading {
    /// Above this size a file goes in parts (measured: scripts/bench-s3).
    public static let defaultMultipartThreshold: Int64 = 32 << 20
    /// 16 MiB: above S3's 5 MiB minimum, few requests per file, and what a crash loses at most
    /// per part in flight.
    public static let defaultPartSize: Int64 = 16 << 20
    public static let defaultPartConcurrency = 4
    /// S3's limit of parts per upload: larger files get larger parts.
    static let maximumParts: Int64 = 10_000

    /// The run's transport, clock, jitter and retry policy; each attempt is signed anew on it.
    public var http: RetryingHTTPClient
    public var partConcurrency: Int

    public init(http: RetryingHTTPClient, partConcurrency: Int = S3Uploader.defaultPartConcurrency) {
        self.http = http
        self.partConcurrency = partConcurrency
    }

    public func upload(_ request: S3UploadRequest, log: @escaping @Sendable (String) -> Void) async throws {
        let address = try S3Address(object: request.object, region: request.region, endpoint: request.endpoint)
        let signer = SigV4Signer(credentials: request.credentials, region: request.region)
        let signing = RetryingHTTPClient(
            transport: SigV4SigningTransport(base: http.transport, signer: signer, clock: http.clock), clock: http.clock,
            jitter: http.jitter, policy: http.policy)
        let requests = S3Requests(http: signing, address: address, credentials: request.credentials, log: { log($0) })
        let file = request.file.string
        let size = try Self.size(of: file)
        let progress = S3UploadProgressFile(path: request.progressFile)
        guard size > request.multipartThreshold else {
            log("uploading \(request.file.lastComponent) (\(size) bytes) to \(request.object) in one request")
            let sha256 = try await S3PartDigest.sha256(of: file, offset: 0, length: size)
            try await requests.putObject(file: file, sha256: sha256, progress: { _, _ in })
            return
        }
        try await S3MultipartUpload(
            requests: requests, file: file, size: size, partSize: Self.partSize(request.partSize, for: size), progress: progress,
            concurrency: partConcurrency, log: { log($0) }
        ).run()
    }

    /// The requested part size, grown (to whole MiB) when the file would need more than 10,000.
    static func partSize(_ requested: Int64, for size: Int64) -> Int64 {
        let smallest = (size + maximumParts - 1) / maximumParts
        guard smallest > requested else { return max(requested, 1) }
        return (smallest + (1 << 20) - 1) / (1 << 20) * (1 << 20)
    }

    private static func size(of path: String) throws(S3Error) -> Int64 {
        let file = try S3LocalFile.open(path)
        defer { file.close() }
        return file.size
    }
}
