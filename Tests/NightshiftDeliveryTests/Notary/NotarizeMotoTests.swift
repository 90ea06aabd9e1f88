import Crypto
import Foundation
import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

/// The notarize step as it runs for real: Apple's answers from the fake notary service, and the
/// file uploaded by the S3 uploader (`S3NotaryFileUpload`, what the composition root wires) to
/// moto at `NOTARY_S3_ENDPOINT`, path-style, under Apple's object key with its `:`.
@Suite(
    "notarize: the upload through the S3 uploader against moto", .serialized, .temporaryDirectory,
    .enabled(if: MotoServer.executable != nil, "moto[server] is not installed: run scripts/install-deps (it goes into .build-tools/venv)"))
struct NotarizeMotoTests {
    @Test("method api: the submitted file is in Apple's bucket, byte for byte, its SHA-256 the one submitted", arguments: [false, true])
    func uploadsTheSubmittedFile(multipart: Bool) async throws {
        let moto = try await MotoServer.start(environment: ["S3_UPLOAD_PART_MIN_SIZE": String(256 << 10)])
        defer { moto.stop() }
        var fixture = try await NotaryFixture()
        fixture.s3Endpoint = moto.endpoint.absoluteString
        let service = fixture.service
        defer { Task { await service.stop() } }
        let bytes = Data((0..<(multipart ? 1_300_000 : 300_000)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try bytes.write(to: URL(fileURLWithPath: fixture.file))
        let bucket = MotoBucket(endpoint: moto.endpoint, credentials: S3Credentials(accessKeyID: "AKIAMOTO", secretAccessKey: "moto"))
        try await bucket.create(FakeNotaryService.bucket)
        await fixture.scriptStapling()
        let http = RetryingHTTPClient(
            transport: URLSessionTransport(), clock: fixture.clock, jitter: FixedJitter(unit: 0.5), policy: UploadRetryPolicy())
        var upload = S3NotaryFileUpload(s3: S3Uploader(http: http))
        (upload.multipartThreshold, upload.partSize) = (512 << 10, 256 << 10)
        let output = StepOutput()
        let error = await fixture.run(fixture.step(), runID: "1", output: output, performer: fixture.performer(upload: upload))
        #expect(error == nil, "\(String(describing: error)) \(output.text)")
        #expect(fixture.service.submissions == 1)
        let stored = try await bucket.get(S3Object(bucket: FakeNotaryService.bucket, key: FakeNotaryService.object))
        #expect(stored == bytes)
        #expect(SHA256.hash(data: stored).hexString == fixture.sha256)
        #expect(fixture.service.submissionBodies.first?["sha256"] as? String == fixture.sha256)
        #expect(!output.text.contains(FakeNotaryService.sessionToken), "\(output.text)")
    }
}
