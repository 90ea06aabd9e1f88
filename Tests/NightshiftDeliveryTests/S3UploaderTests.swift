import Foundation
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

/// The uploader's decisions against scripted S3 answers: which errors are clear, which abort
/// the upload, that each attempt is signed anew, and that no credential reaches an error.
@Suite("S3 uploader", .temporaryDirectory)
struct S3UploaderTests {
    static let credentials = S3Credentials(
        accessKeyID: "ASIAEXAMPLEKEYID", secretAccessKey: "very/secret+key", sessionToken: "session-token-value")
    static let object = S3Object(bucket: "notary-submissions-prod", key: "prod/AROA:uuid")

    static func error(_ status: Int, _ code: String, _ message: String) -> ScriptedTransport.Outcome {
        .response(
            HTTPTransportResponse(
                status: status,
                body: Data(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>\(code)</Code><Message>\(message)</Message><AWSAccessKeyId>\(credentials.accessKeyID)</AWSAccessKeyId><RequestId>R</RequestId></Error>"
                        .utf8)))
    }

    /// CreateMultipartUpload answered with `uploadID`, then part 1 taken with the ETag "e1".
    static func started(uploadID: String) -> [ScriptedTransport.Outcome] {
        let created = "<InitiateMultipartUploadResult><UploadId>\(uploadID)</UploadId></InitiateMultipartUploadResult>"
        return [
            .response(HTTPTransportResponse(status: 200, body: Data(created.utf8))),
            .response(HTTPTransportResponse(status: 200, headers: ["ETag": "\"e1\""])),
        ]
    }

    static func request(_ file: String, progressFile: AbsolutePath? = nil, threshold: Int64 = 1 << 20) throws -> S3UploadRequest {
        S3UploadRequest(
            file: try AbsolutePath(validating: file), object: object, credentials: credentials, progressFile: progressFile,
            multipartThreshold: threshold, partSize: 100)
    }

    static func uploader(_ transport: ScriptedTransport, clock: SkippingClock = SkippingClock(), attempts: Int = 3) -> S3Uploader {
        S3Uploader(
            http: RetryingHTTPClient(
                transport: transport, clock: clock, jitter: FixedJitter(unit: 0), policy: UploadRetryPolicy(attempts: attempts)),
            partConcurrency: 1)
    }

    @Test(
        "expired credentials and a skewed clock are clear errors, quoting S3 and naming no credential",
        arguments: [
            (400, "ExpiredToken", "The provided token has expired.", S3Error.Kind.credentials, "last 12 hours"),
            (
                403, "RequestTimeTooSkewed", "The difference between the request time and the current time is too large.", .clockSkew,
                "clock"
            ),
            (403, "SignatureDoesNotMatch", "The request signature we calculated does not match", .credentials, "did not accept"),
            (403, "AccessDenied", "Access Denied", .rejected, "AccessDenied"),
        ])
    func clearErrors(status: Int, code: String, message: String, kind: S3Error.Kind, hint: String) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let transport = ScriptedTransport([Self.error(status, code, message)])
        let error = await #expect(throws: S3Error.self) {
            try await Self.uploader(transport).upload(Self.request(try scratch.file("App.zip", bytes: 10)), log: { _ in })
        }
        #expect(error?.kind == kind)
        #expect(error?.code == code)
        #expect(
            error?.message.contains("S3 refused to upload s3://notary-submissions-prod/prod/AROA:uuid: HTTP \(status) \(code): \(message)")
                == true)
        #expect(error?.message.contains(hint) == true, "\(error?.message ?? "")")
        for secret in [Self.credentials.accessKeyID, Self.credentials.secretAccessKey, Self.credentials.sessionToken!] {
            #expect(error?.message.contains(secret) == false)
        }
        #expect(transport.requests.count == 1, "a 4xx is not retried")
    }

    @Test("a retried request is signed again at the clock's new time, with the payload's SHA-256 and the session token")
    func retriesAreSignedAnew() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let transport = ScriptedTransport([
            Self.error(503, "SlowDown", "Please reduce your request rate."), .response(HTTPTransportResponse(status: 200)),
        ])
        let file = try scratch.file("App.zip", bytes: 3)
        try await Self.uploader(transport).upload(Self.request(file), log: { _ in })
        let sha256 = try FileDigest.of(file: file).sha256
        let requests = transport.requests
        try #require(requests.count == 2)
        #expect(requests[0].headers["X-Amz-Date"] != requests[1].headers["X-Amz-Date"])
        #expect(requests[0].headers["Authorization"] != requests[1].headers["Authorization"])
        #expect(requests.allSatisfy { $0.headers["X-Amz-Security-Token"] == Self.credentials.sessionToken })
        #expect(requests.allSatisfy { $0.headers["X-Amz-Content-SHA256"] == sha256 })
        #expect(requests[0].url.absoluteString == "https://notary-submissions-prod.s3.us-west-2.amazonaws.com/prod/AROA%3Auuid")
        #expect(requests.allSatisfy { $0.headers["Authorization"]?.contains(Self.credentials.secretAccessKey) == false })
    }

    @Test("a part S3 refuses for good aborts the upload and removes the progress file")
    func refusedPartAborts() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let progressFile = try AbsolutePath(validating: scratch.path + "/s3.json")
        let transport = ScriptedTransport(
            Self.started(uploadID: "U-1") + [
                Self.error(400, "InvalidArgument", "Part number must be an integer between 1 and 10000"),
                .response(HTTPTransportResponse(status: 204)),
            ])
        let error = await #expect(throws: S3Error.self) {
            try await Self.uploader(transport).upload(
                Self.request(try scratch.file("App.zip", bytes: 250), progressFile: progressFile, threshold: 100), log: { _ in })
        }
        #expect(error?.kind == .rejected)
        #expect(error?.message.hasSuffix("(the multipart upload was aborted)") == true)
        #expect(transport.requests.map(\.method) == ["POST", "PUT", "PUT", "DELETE"])
        #expect(transport.requests.last?.url.query == "uploadId=U-1")
        #expect(!FileManager.default.fileExists(atPath: progressFile.string))
    }

    @Test("a connection lost for good keeps the upload and its progress file, with the parts S3 confirmed, and aborts nothing")
    func lostConnectionKeepsUpload() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let progressFile = try AbsolutePath(validating: scratch.path + "/s3.json")
        let transport = ScriptedTransport(
            Self.started(uploadID: "U-&amp;2") + [
                .failure(.connection("connection reset by peer")), .failure(.connection("connection reset by peer")),
            ])
        let lines = SyncLines()
        let error = await #expect(throws: S3Error.self) {
            try await Self.uploader(transport, attempts: 2).upload(
                Self.request(try scratch.file("App.zip", bytes: 250), progressFile: progressFile, threshold: 100), log: lines.append)
        }
        #expect(error?.kind == .unavailable)
        #expect(
            error?.message
                == "could not upload part 2 of s3://notary-submissions-prod/prod/AROA:uuid after 2 attempts: connection reset by peer")
        #expect(!transport.requests.contains { $0.method == "DELETE" })
        let kept = try JSONDecoder().decode(S3MultipartProgress.self, from: Data(contentsOf: URL(fileURLWithPath: progressFile.string)))
        #expect(
            kept
                == S3MultipartProgress(
                    bucket: Self.object.bucket, key: Self.object.key, size: 250, partSize: 100, uploadID: "U-&2", parts: ["1": "\"e1\""]))
        #expect(transport.requests[1].url.query == "partNumber=1&uploadId=U-%262")
        #expect(lines.lines.contains { $0.contains("a later run continues the upload") })
    }

    @Test("CompleteMultipartUpload answering 200 with an error in its body fails")
    func completeWithErrorBody() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let transport = ScriptedTransport([
            .response(HTTPTransportResponse(status: 200, body: Data("<UploadId>U</UploadId>".utf8))),
            .response(HTTPTransportResponse(status: 200, headers: ["ETag": "\"e1\""])),
            .response(HTTPTransportResponse(status: 200, headers: ["ETag": "\"e2\""])),
            Self.error(200, "InternalError", "We encountered an internal error. Please try again."),
        ])
        let error = await #expect(throws: S3Error.self) {
            try await Self.uploader(transport).upload(Self.request(try scratch.file("App.zip", bytes: 150), threshold: 100), log: { _ in })
        }
        #expect(error?.code == "InternalError")
        #expect(error?.kind == .unavailable)
        #expect(!transport.requests.contains { $0.method == "DELETE" }, "S3's own failure is no reason to abort")
        let complete = try #require(transport.requests.last)
        #expect(complete.method == "POST")
        guard case .data(let body) = complete.body else { throw S3Error(.rejected, "no body") }
        #expect(
            String(decoding: body, as: UTF8.self)
                == "<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><Part><PartNumber>1</PartNumber><ETag>&quot;e1&quot;</ETag></Part><Part><PartNumber>2</PartNumber><ETag>&quot;e2&quot;</ETag></Part></CompleteMultipartUpload>"
        )
    }

    @Test("a key with a '.' segment and a bucket that is no bucket name are refused before any request")
    func refusedBeforeSending() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let transport = ScriptedTransport([])
        var request = try Self.request(try scratch.file("App.zip", bytes: 5))
        request.object.key = "prod/../other"
        await #expect(throws: S3Error.self) { try await Self.uploader(transport).upload(request, log: { _ in }) }
        request.object = S3Object(bucket: "Not A Bucket", key: "k")
        await #expect(throws: S3Error.self) { try await Self.uploader(transport).upload(request, log: { _ in }) }
        #expect(transport.requests.isEmpty)
    }

    @Test(
        "a FIFO, a device or a folder as the file is refused before any request, in the words every file reader uses",
        arguments: NotAFile.allCases, [1 << 20, 1])
    func notARegularFile(kind: NotAFile, multipartThreshold: Int64) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (path, reason) = try scratch.notAFile(kind, named: "App.zip")
        let transport = ScriptedTransport([])
        await #expect(throws: S3Error(.localFile, "cannot upload '\(path)': \(reason)")) {
            try await Self.uploader(transport).upload(try Self.request(path, threshold: multipartThreshold), log: { _ in })
        }
        #expect(transport.requests.isEmpty)
    }

    @Test("parts grow past the requested size when a file would need more than 10,000")
    func partSizeGrows() {
        #expect(S3Uploader.partSize(16 << 20, for: 200 << 30) == 21 << 20)
        #expect(S3Uploader.partSize(16 << 20, for: 1 << 30) == 16 << 20)
    }
}
