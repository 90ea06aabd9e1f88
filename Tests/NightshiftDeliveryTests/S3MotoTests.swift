import Crypto
import Foundation
import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

/// The uploader against moto (moto[server] from PyPI), a real S3-compatible server on loopback:
/// single and multipart uploads read back with GET and compared byte for byte and by SHA-256,
/// an interrupted multipart upload continued from its progress file, and (with moto's IAM
/// authentication switched on) signatures moto verifies with botocore for assumed-role
/// credentials and a session token.
@Suite(
    "S3 uploader against moto", .serialized, .temporaryDirectory,
    .enabled(if: MotoServer.executable != nil, "moto[server] is not installed: run scripts/install-deps (it goes into .build-tools/venv)"))
struct S3MotoTests {
    /// Parts of 256 KiB: moto then allows parts below S3's 5 MiB minimum.
    static let partSize: Int64 = 256 << 10
    static let motoSettings = ["S3_UPLOAD_PART_MIN_SIZE": String(partSize)]
    static let credentials = S3Credentials(accessKeyID: "AKIAMOTOEXAMPLE", secretAccessKey: "moto/secret+key", sessionToken: nil)
    static let bucket = "notary-submissions-prod"
    static let key = "prod/AROARQRX7CZS3PRF6ZA5L:1238aa04-1593-4391-96c8-ca1920bc7c7f"

    @Test("a file below the threshold goes in one PUT and reads back identical")
    func singleUpload() async throws {
        let moto = try await MotoServer.start(environment: Self.motoSettings)
        defer { moto.stop() }
        let scratch = try ScratchDirectory()
        let file = try scratch.file("App.zip", bytes: 300_000)
        let s3 = MotoBucket(endpoint: moto.endpoint, credentials: Self.credentials)
        try await s3.create(Self.bucket)
        let transport = CountingTransport(base: URLSessionTransport())
        try await S3Uploader(http: Self.client(transport)).upload(
            request(file, moto, multipartThreshold: 1 << 20), log: { _ in })
        try await expectSameBytes(file, s3.get(S3Object(bucket: Self.bucket, key: Self.key)))
        #expect(transport.lines == ["PUT /\(Self.bucket)/prod/AROARQRX7CZS3PRF6ZA5L%3A1238aa04-1593-4391-96c8-ca1920bc7c7f"])
    }

    @Test("a file above the threshold goes in parts, 4 at a time, and reads back identical; the progress file is gone")
    func multipartUpload() async throws {
        let moto = try await MotoServer.start(environment: Self.motoSettings)
        defer { moto.stop() }
        let scratch = try ScratchDirectory()
        let file = try scratch.file("App.dmg", bytes: Int(Self.partSize) * 9 + 12_345)
        let s3 = MotoBucket(endpoint: moto.endpoint, credentials: Self.credentials)
        try await s3.create(Self.bucket)
        let transport = CountingTransport(base: URLSessionTransport())
        let progressFile = try AbsolutePath(validating: scratch.path + "/s3-upload.json")
        let log = SyncLines()
        try await S3Uploader(http: Self.client(transport)).upload(request(file, moto, progressFile: progressFile), log: log.append)
        try await expectSameBytes(file, s3.get(S3Object(bucket: Self.bucket, key: Self.key)))
        #expect(transport.partNumbers.sorted() == Array(1...10))
        #expect(transport.lines.first == "POST /\(Self.bucket)/prod/AROARQRX7CZS3PRF6ZA5L%3A1238aa04-1593-4391-96c8-ca1920bc7c7f?uploads")
        #expect(
            transport.lines.last?.hasPrefix(
                "POST /\(Self.bucket)/prod/AROARQRX7CZS3PRF6ZA5L%3A1238aa04-1593-4391-96c8-ca1920bc7c7f?uploadId=") == true)
        #expect(!FileManager.default.fileExists(atPath: progressFile.string))
        #expect(log.lines.contains { $0.contains("10 parts of 262144 bytes, 10 to send") }, "\(log.lines)")
    }

    @Test("an upload stopped after 4 parts continues from its progress file, sending only the 6 missing parts")
    func resumesFromProgressFile() async throws {
        let moto = try await MotoServer.start(environment: Self.motoSettings)
        defer { moto.stop() }
        let scratch = try ScratchDirectory()
        let file = try scratch.file("App.zip", bytes: Int(Self.partSize) * 10)
        let s3 = MotoBucket(endpoint: moto.endpoint, credentials: Self.credentials)
        try await s3.create(Self.bucket)
        let progressFile = try AbsolutePath(validating: scratch.path + "/s3-upload.json")
        // The first process loses its connection for good after its 4th part: one part at a
        // time, one attempt, so exactly parts 1 to 4 reach S3.
        let dropping = CountingTransport(base: URLSessionTransport(), failPartsAfter: 4)
        let error = await #expect(throws: S3Error.self) {
            try await S3Uploader(http: Self.client(dropping, attempts: 1), partConcurrency: 1).upload(
                request(file, moto, progressFile: progressFile), log: { _ in })
        }
        #expect(error?.kind == .unavailable)
        let recorded = try JSONDecoder().decode(S3MultipartProgress.self, from: Data(contentsOf: URL(fileURLWithPath: progressFile.string)))
        #expect(recorded.parts.keys.sorted() == ["1", "2", "3", "4"])
        #expect(try FileManager.default.attributesOfItem(atPath: progressFile.string)[.posixPermissions] as? Int == 0o600)
        #expect(
            !String(decoding: try Data(contentsOf: URL(fileURLWithPath: progressFile.string)), as: UTF8.self).contains(
                Self.credentials.secretAccessKey))

        let second = CountingTransport(base: URLSessionTransport())
        let log = SyncLines()
        try await S3Uploader(http: Self.client(second)).upload(request(file, moto, progressFile: progressFile), log: log.append)
        try await expectSameBytes(file, s3.get(S3Object(bucket: Self.bucket, key: Self.key)))
        #expect(second.partNumbers.sorted() == Array(5...10))
        #expect(second.lines.filter { $0.hasPrefix("POST") && $0.hasSuffix("?uploads") }.isEmpty, "a second CreateMultipartUpload")
        #expect(second.lines.first?.hasPrefix("GET ") == true, "ListParts first: \(second.lines)")
        #expect(log.lines.contains { $0.contains("4 of 10 parts already in S3") }, "\(log.lines)")
        #expect(!FileManager.default.fileExists(atPath: progressFile.string))
    }

    @Test("with moto's IAM authentication on, it verifies our signatures for assumed-role credentials with a session token")
    func signaturesVerified() async throws {
        let python = try #require(BuildToolsVenv.python(with: "botocore"), "botocore is needed to set up IAM in moto")
        let moto = try await MotoServer.start(environment: Self.motoSettings)
        defer { moto.stop() }
        let assumed = try await Self.assumeRole(moto, python: python)
        try #require(assumed.sessionToken != nil)
        let scratch = try ScratchDirectory()
        let small = try scratch.file("small.zip", bytes: 40_000)
        let large = try scratch.file("large.zip", bytes: Int(Self.partSize) * 3 + 1)
        try await S3Uploader(http: Self.client(URLSessionTransport())).upload(
            request(small, moto, credentials: assumed, key: "prod/AROA:single one"), log: { _ in })
        try await S3Uploader(http: Self.client(URLSessionTransport())).upload(
            request(large, moto, credentials: assumed, key: "prod/AROA:multi+part~ü"), log: { _ in })
        let s3 = MotoBucket(endpoint: moto.endpoint, credentials: assumed)
        try await expectSameBytes(small, s3.get(S3Object(bucket: Self.bucket, key: "prod/AROA:single one")))
        try await expectSameBytes(large, s3.get(S3Object(bucket: Self.bucket, key: "prod/AROA:multi+part~ü")))

        var wrong = assumed
        wrong.secretAccessKey = "not-the-secret-at-all"
        let error = await #expect(throws: S3Error.self) {
            try await S3Uploader(http: Self.client(URLSessionTransport())).upload(request(small, moto, credentials: wrong), log: { _ in })
        }
        #expect(error?.kind == .credentials)
        #expect(error?.code == "SignatureDoesNotMatch")
        #expect(error?.message.contains(wrong.secretAccessKey) == false)
        #expect(error?.message.contains(assumed.accessKeyID) == false)
        #expect(error?.message.contains(assumed.sessionToken ?? "?") == false)
    }

    // MARK: - Helpers

    func request(
        _ file: String, _ moto: MotoServer, credentials: S3Credentials = S3MotoTests.credentials, key: String = S3MotoTests.key,
        progressFile: AbsolutePath? = nil, multipartThreshold: Int64 = 512 << 10
    ) throws -> S3UploadRequest {
        S3UploadRequest(
            file: try AbsolutePath(validating: file), object: S3Object(bucket: Self.bucket, key: key), credentials: credentials,
            region: "us-west-2", endpoint: moto.endpoint, progressFile: progressFile, multipartThreshold: multipartThreshold,
            partSize: Self.partSize)
    }

    static func client(_ transport: any HTTPTransport, attempts: Int = 3) -> RetryingHTTPClient {
        RetryingHTTPClient(
            transport: transport, clock: SystemClock(), jitter: FixedJitter(unit: 0),
            policy: UploadRetryPolicy(attempts: attempts, backoff: .milliseconds(50)))
    }

    func expectSameBytes(_ file: String, _ received: Data, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let sent = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(received.count == sent.count, sourceLocation: sourceLocation)
        #expect(SHA256.hash(data: received).hexString == (try FileDigest.of(file: file)).sha256, sourceLocation: sourceLocation)
        #expect(received == sent, sourceLocation: sourceLocation)
    }

    /// IAM and STS in moto, through botocore: a role allowed everything on S3, assumed for
    /// temporary credentials (`ASIA…` and a session token, as Apple's); the bucket made; then
    /// authentication switched on (`/moto-api/reset-auth`), so every later request must carry a
    /// signature moto recomputes with botocore and finds equal.
    static func assumeRole(_ moto: MotoServer, python: String) async throws -> S3Credentials {
        let script = """
            import json, sys, urllib.request
            import botocore.session
            endpoint = sys.argv[1]
            session = botocore.session.get_session()
            def client(name):
                return session.create_client(name, region_name="us-west-2", endpoint_url=endpoint,
                    aws_access_key_id="AKIAMOTOEXAMPLE", aws_secret_access_key="setup")
            trust = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Principal": {"AWS": "*"}, "Action": "sts:AssumeRole"}]}
            client("iam").create_role(RoleName="notary", AssumeRolePolicyDocument=json.dumps(trust))
            allow = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
            client("iam").put_role_policy(RoleName="notary", PolicyName="s3", PolicyDocument=json.dumps(allow))
            role = client("sts").assume_role(RoleArn="arn:aws:iam::123456789012:role/notary", RoleSessionName="nightshift")
            client("s3").create_bucket(Bucket="\(bucket)", CreateBucketConfiguration={"LocationConstraint": "us-west-2"})
            urllib.request.urlopen(urllib.request.Request(endpoint + "/moto-api/reset-auth", data=b"0", method="POST", headers={"Content-Type": "text/plain"})).read()
            c = role["Credentials"]
            print(json.dumps([c["AccessKeyId"], c["SecretAccessKey"], c["SessionToken"]]))
            """
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let run = try await shell.capture(ShellCommand(python, ["-c", script, moto.endpoint.absoluteString]))
        try #require(run.succeeded, "\(run.standardError)")
        let values = try JSONDecoder().decode([String].self, from: Data(run.standardOutput.utf8))
        return S3Credentials(accessKeyID: values[0], secretAccessKey: values[1], sessionToken: values[2])
    }
}

/// A bucket made and an object read back with our own signer (moto accepts any credentials
/// until its authentication is switched on, then only the ones it issued).
struct MotoBucket {
    var endpoint: URL
    var credentials: S3Credentials

    func create(_ bucket: String) async throws {
        let body = Data("<CreateBucketConfiguration><LocationConstraint>us-west-2</LocationConstraint></CreateBucketConfiguration>".utf8)
        let response = try await send("PUT", URL(string: "\(endpoint.absoluteString)/\(bucket)")!, body: body)
        try #require(response.isSuccess, "\(response.status) \(response.bodyText)")
    }

    func get(_ object: S3Object) async throws -> Data {
        let url = try S3Address(object: object, region: "us-west-2", endpoint: endpoint).url()
        let response = try await send("GET", url, body: Data())
        try #require(response.isSuccess, "\(response.status) \(response.bodyText)")
        return response.body
    }

    private func send(_ method: String, _ url: URL, body: Data) async throws -> HTTPTransportResponse {
        let signed = SigV4Signer(credentials: credentials, region: "us-west-2").sign(
            method: method, url: url, headers: [:], payloadHash: SHA256.hash(data: body).hexString, at: Date())
        return try await URLSessionTransport().send(
            HTTPTransportRequest(method: method, url: url, headers: signed.headers, body: body.isEmpty ? .none : .data(body)),
            progress: { _, _ in })
    }
}

/// Records `METHOD /path?query` of each request reaching the real transport; with
/// `failPartsAfter`, every UploadPart after that many fails as a dropped connection would.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
    let base: any HTTPTransport
    let failPartsAfter: Int?
    private let lock = NSLock()
    private var sent: [String] = []
    private var parts: [Int] = []

    init(base: any HTTPTransport, failPartsAfter: Int? = nil) {
        self.base = base
        self.failPartsAfter = failPartsAfter
    }

    var lines: [String] { lock.withLock { sent } }
    /// Part numbers of the UploadPart requests S3 answered 2xx.
    var partNumbers: [Int] { lock.withLock { parts } }

    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let line = "\(request.method) \(components?.percentEncodedPath ?? "")" + (components?.percentEncodedQuery.map { "?\($0)" } ?? "")
        let part = components?.queryItems?.first { $0.name == "partNumber" }?.value.flatMap(Int.init)
        if let part, let limit = failPartsAfter, lock.withLock({ parts.count }) >= limit {
            throw HTTPTransportError.connection("connection reset by peer (part \(part))")
        }
        lock.withLock { sent.append(line) }
        let response = try await base.send(request, progress: progress)
        if let part, response.isSuccess { lock.withLock { parts.append(part) } }
        return response
    }
}

/// Log lines as the uploader hands them over (synchronously, from any task).
final class SyncLines: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    var lines: [String] { lock.withLock { collected } }
    var append: @Sendable (String) -> Void { { [self] line in lock.withLock { collected.append(line) } } }
}
