import FlyingFox
import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftServices
import NightshiftTestSupport
import Testing
import _CryptoExtras
import NightshiftFakeTransport

@Suite("Firebase App Distribution uploader against a fake answered in process", .temporaryDirectory)
struct FirebaseUploaderTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1; return value
            }
        }
    }

    struct Harness {
        var server: InProcessHTTPServer
        var scratch: ScratchDirectory
        var file: String
        var serviceAccountJSON: String
        var privateKeyPEM: String
    }

    func harness(uploadStatus: Int = 200, result: String = "RELEASE_CREATED") async throws -> Harness {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let email = "nightly@demo-project.iam.gserviceaccount.com"
        let service = FakeFirebaseService(publicKey: key.publicKey, clientEmail: email, uploadStatus: uploadStatus, result: result)
        let polls = Counter()
        let server = InProcessHTTPServer { received, _ in
            service.handle(received, pollsSoFar: received.method == "GET" ? polls.next() : 0)
        }
        let account: [String: String] = [
            "type": "service_account", "client_email": email, "private_key": key.pkcs8PEMRepresentation,
            "private_key_id": "k3y1d", "token_uri": "https://oauth2.googleapis.com/token",
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: account), as: UTF8.self)
        let scratch = try ScratchDirectory()
        let file = try scratch.file("App.ipa", bytes: 123_456)
        return Harness(server: server, scratch: scratch, file: file, serviceAccountJSON: json, privateKeyPEM: key.pkcs8PEMRepresentation)
    }

    /// An uploader sending through `transport`: the harness's server, answered in process.
    func uploader(_ transport: any HTTPTransport) -> FirebaseUploader {
        // Skipping, not manual: nobody advances it, and a retry's back-off must not wait for ever.
        let clock = SkippingClock(now: Date())
        let client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient = { policy in
            RetryingHTTPClient(transport: transport, clock: clock, jitter: FixedJitter(unit: 0), policy: policy)
        }
        return FirebaseUploader(client: client, clock: clock, pollInterval: .zero, maximumPolls: 10)
    }

    @Test("service account → token, upload, poll until the release exists, notes, distribute; prints the console URL")
    func fullFlow() async throws {
        let harness = try await harness()
        defer { harness.scratch.remove() }
        let log = LineLog()
        let progress = ProgressLog()
        let request = UploadRequest(
            file: .test(harness.file),
            parameters: parameters(
                [
                    "app": FakeFirebaseService.app, "service_account": harness.serviceAccountJSON, "notes": "Nightly build 812",
                    "endpoint": harness.server.url("").absoluteString, "token_endpoint": harness.server.url("/token").absoluteString,
                ],
                lists: ["groups": ["qa", "developers"], "testers": ["lead@example.com"]]
            ),
            environment: [:], secrets: RunSecrets(secrets: []), log: log.sink
        )
        let receipt = try await uploader(harness.server).upload(request, progress: progress.record)
        let calls = harness.server.requests.map { "\($0.method) \($0.path)" }
        #expect(
            calls == [
                "POST /token",
                "POST /upload/v1/\(FakeFirebaseService.appPath)/releases:upload",
                "GET /v1/\(FakeFirebaseService.operation)", "GET /v1/\(FakeFirebaseService.operation)",
                "GET /v1/\(FakeFirebaseService.operation)",
                "PATCH /v1/\(FakeFirebaseService.release)",
                "POST /v1/\(FakeFirebaseService.release):distribute",
            ])
        let requests = harness.server.requests
        #expect(requests[1].bodySize == 123_456)
        let notes = try JSONSerialization.jsonObject(with: requests[5].body) as? [String: Any]
        #expect((notes?["releaseNotes"] as? [String: String])?["text"] == "Nightly build 812")
        let distribution = try JSONSerialization.jsonObject(with: requests[6].body) as? [String: [String]]
        #expect(distribution?["groupAliases"] == ["qa", "developers"])
        #expect(distribution?["testerEmails"] == ["lead@example.com"])
        #expect(receipt.location == FakeFirebaseService.consoleURL)
        // Firebase reports no size or checksum of what it received: sent, not verified.
        #expect(receipt.verification == .sent(try FileDigest.of(file: harness.file)))
        #expect(log.text.contains("Firebase created release 1.4 (812) \(FakeFirebaseService.release)"))
        #expect(log.text.contains("console: \(FakeFirebaseService.consoleURL)"))
        #expect(log.text.contains("testers install it from https://appdistribution.firebase.google.com/testerapps/"))
        #expect(log.text.contains("distributed to groups qa, developers and 1 tester"))
        #expect(progress.all.last?.bytesSent == 123_456)
    }

    @Test("service_account: as a key file path works like its content; a missing file is named, its content never shown")
    func serviceAccountFromPath() async throws {
        let harness = try await harness()
        defer { harness.scratch.remove() }
        let keyFile = (harness.scratch.path as NSString).appendingPathComponent("service-account.json")
        try harness.serviceAccountJSON.write(toFile: keyFile, atomically: true, encoding: .utf8)
        func request(_ account: String, log: LineLog = LineLog()) -> UploadRequest {
            UploadRequest(
                file: .test(harness.file),
                parameters: parameters([
                    "app": FakeFirebaseService.app, "service_account": account,
                    "endpoint": harness.server.url("").absoluteString, "token_endpoint": harness.server.url("/token").absoluteString,
                ]),
                environment: [:], secrets: RunSecrets(secrets: []), log: log.sink
            )
        }
        let receipt = try await uploader(harness.server).upload(request(keyFile), progress: { _ in })
        #expect(receipt.location == FakeFirebaseService.consoleURL)
        #expect(harness.server.requests.first?.path == "/token")
        let missing = await #expect(throws: UploadError.self) {
            try await uploader(harness.server).upload(request(keyFile + ".gone"), progress: { _ in })
        }
        #expect(missing?.message == "cannot read the service account key '\(keyFile).gone': no such file")
        let broken = String(harness.serviceAccountJSON.dropLast(5))
        let invalid = await #expect(throws: UploadError.self) {
            try await uploader(harness.server).upload(request(broken), progress: { _ in })
        }
        #expect(invalid?.message.contains("not a Google service-account JSON") == true)
        #expect(invalid?.message.contains("PRIVATE KEY") == false)
    }

    @Test("access_token is used as given, and notes_file supplies the notes")
    func accessTokenAndNotesFile() async throws {
        let harness = try await harness()
        defer { harness.scratch.remove() }
        let notesFile = (harness.scratch.path as NSString).appendingPathComponent("notes.txt")
        try "From a file".write(toFile: notesFile, atomically: true, encoding: .utf8)
        let request = UploadRequest(
            file: .test(harness.file),
            parameters: parameters([
                "app": FakeFirebaseService.app, "access_token": FakeFirebaseService.accessToken,
                "notes_file": notesFile, "endpoint": harness.server.url("").absoluteString,
            ]),
            environment: [:], secrets: RunSecrets(secrets: [])
        )
        _ = try await uploader(harness.server).upload(request, progress: { _ in })
        let methods = harness.server.requests.map(\.method)
        #expect(methods.first == "POST" && !harness.server.requests.contains { $0.path == "/token" })
        #expect(methods.last == "PATCH")
        let lastBody = String(decoding: harness.server.requests.last?.body ?? Data(), as: UTF8.self)
        #expect(lastBody.contains("From a file"))
    }

    @Test("a 403 on upload fails without retrying, with the token and key masked")
    func permissionDeniedIsMasked() async throws {
        let harness = try await harness(uploadStatus: 403)
        defer { harness.scratch.remove() }
        let request = UploadRequest(
            file: .test(harness.file),
            parameters: parameters([
                "app": FakeFirebaseService.app, "service_account": harness.serviceAccountJSON,
                "endpoint": harness.server.url("").absoluteString, "token_endpoint": harness.server.url("/token").absoluteString,
            ]),
            environment: [:], secrets: RunSecrets(secrets: [])
        )
        let error = await #expect(throws: UploadError.self) { try await uploader(harness.server).upload(request, progress: { _ in }) }
        #expect(harness.server.requests.count == 2)
        let message = error?.description ?? ""
        #expect(message.contains("HTTP 403 Forbidden"))
        #expect(message.contains("The caller does not have permission"))
        #expect(!message.contains(FakeFirebaseService.accessToken))
    }

    @Test("a server echoing the bearer token in a 401 body never shows it")
    func echoedTokenIsMasked() async throws {
        let harness = try await harness()
        defer { harness.scratch.remove() }
        let request = UploadRequest(
            file: .test(harness.file),
            parameters: parameters([
                "app": FakeFirebaseService.app, "access_token": "ya29.wrong-token-value", "endpoint": harness.server.url("").absoluteString,
            ]),
            environment: [:], secrets: RunSecrets(secrets: [])
        )
        let error = await #expect(throws: UploadError.self) { try await uploader(harness.server).upload(request, progress: { _ in }) }
        let message = error?.description ?? ""
        #expect(message.contains("invalid authentication credentials: Bearer ********"))
        #expect(!message.contains("wrong-token-value"))
    }

    @Test("app ids that are not 1:<number>:ios:<id> are refused before any request")
    func refusesBadAppID() async throws {
        let request = UploadRequest(
            file: .test("/nonexistent"), parameters: parameters(["app": "com.example.app", "access_token": "t0ken"]), environment: [:],
            secrets: RunSecrets(secrets: []))
        let error = await #expect(throws: UploadError.self) { try await uploader(ScriptedTransport()).upload(request, progress: { _ in }) }
        #expect(error?.message.contains("is not a Firebase app id") == true)
    }
}
