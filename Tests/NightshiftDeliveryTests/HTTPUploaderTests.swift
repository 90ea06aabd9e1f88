import FlyingFox
import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

@Suite("HTTP uploader against a local server", .temporaryDirectory)
struct HTTPUploaderTests {
    @Test("503, 503, then 200: three PUTs of the whole file, then the URL as receipt")
    func retriesUntilTheServerAccepts() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 300_000)
        let server = try await LocalHTTPServer { _, index in index < 2 ? .status(503, "busy") : .status(200) }
        let log = LineLog()
        let progress = ProgressLog()
        let uploader = HTTPUploader(client: liveClients(), temporaryDirectory: scratch.path)
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["url": server.url("/builds/App.ipa?sig=abc").absoluteString, "backoff": "0s"]),
            environment: [:], secrets: RunSecrets(secrets: []), log: log.sink
        )
        let receipt = try await uploader.upload(request, progress: progress.record)
        await server.stop()
        let requests = server.requests
        #expect(requests.map(\.method) == ["PUT", "PUT", "PUT"])
        #expect(requests.allSatisfy { $0.bodySize == 300_000 })
        #expect(requests.last?.body == (try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(requests.last?.headers["content-digest"]?.hasPrefix("sha-256=:") == true)
        #expect(receipt.location == "http://127.0.0.1:\(server.port)/builds/App.ipa")
        // The server echoed nothing: the file was sent, not verified.
        #expect(receipt.verification == .sent(try FileDigest.of(file: file)))
        // FlyingFox may answer 503 before it has read the whole body; on a loaded machine the
        // client is then still sending and sees the connection reset instead of the answer.
        #expect(log.lines.count == 2, "\(log.lines)")
        #expect(
            log.lines.allSatisfy { $0.contains("HTTP 503; retrying") || $0.contains("connection failed") && $0.contains("retrying") },
            "\(log.lines)")
        #expect(progress.all.last?.bytesSent == 300_000)
    }

    @Test("401 fails at once with a clear message, the echoed token masked")
    func unauthorisedIsNotRetried() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 1000)
        let server = try await LocalHTTPServer { received, _ in
            .status(401, "{\"error\": \"bad token \(received.headers["authorization"] ?? "")\"}")
        }
        let uploader = HTTPUploader(client: liveClients(), temporaryDirectory: scratch.path)
        let request = UploadRequest(
            file: .test(file),
            parameters: parameters(
                ["url": server.url("/store").absoluteString], maps: ["headers": ["Authorization": "Bearer s3cr3t-artifact-token"]]),
            environment: [:], secrets: RunSecrets(secrets: [])
        )
        let error = await #expect(throws: UploadError.self) { try await uploader.upload(request, progress: { _ in }) }
        await server.stop()
        #expect(server.requests.count == 1)
        let message = error?.description ?? ""
        #expect(message.contains("HTTP 401 Unauthorized from PUT http://127.0.0.1:\(server.port)/store"))
        #expect(message.contains("check the credentials"))
        #expect(!message.contains("s3cr3t-artifact-token"))
        #expect(message.contains("bad token Bearer ********\""))
    }

    @Test("POST sends a multipart form whose file part holds the exact bytes, and cleans up")
    func postsMultipart() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 50_000)
        let server = try await LocalHTTPServer(handler: { _, _ in .status(201, "", headers: ["Location": "/artifacts/42"]) })
        let uploader = HTTPUploader(client: liveClients(), temporaryDirectory: scratch.path)
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["url": server.url("/upload").absoluteString, "method": "post"]), environment: [:],
            secrets: RunSecrets(secrets: []))
        let receipt = try await uploader.upload(request, progress: { _ in })
        await server.stop()
        let received = try #require(server.requests.first)
        let contentType = try #require(received.headers["content-type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.split(separator: "=", maxSplits: 1)[1])
        let body = received.body
        let head = Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"App.ipa\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                .utf8)
        let tail = Data("\r\n--\(boundary)--\r\n".utf8)
        #expect(body.prefix(head.count) == head)
        #expect(body.suffix(tail.count) == tail)
        #expect(body.dropFirst(head.count).dropLast(tail.count) == (try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(receipt.location == "http://127.0.0.1:\(server.port)/artifacts/42")
        #expect(scratch.contents() == ["App.ipa"])
    }

    @Test("a connection dropped mid-upload is retried on a new connection")
    func droppedConnectionIsRetried() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 4_000_000)
        let server = try RawHTTPServer(dropAfter: 256 * 1024)
        defer { server.stop() }
        let log = LineLog()
        let uploader = HTTPUploader(client: liveClients(), temporaryDirectory: scratch.path)
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["url": "http://127.0.0.1:\(server.port)/drop", "backoff": "0s"]), environment: [:],
            secrets: RunSecrets(secrets: []),
            log: log.sink
        )
        let receipt = try await uploader.upload(request, progress: { _ in })
        #expect(server.connectionCount == 2)
        #expect(server.receivedBodySizes == [4_000_000])
        #expect(log.text.contains("connection failed"))
        #expect(receipt.location == "http://127.0.0.1:\(server.port)/drop")
    }

    /// One upload of a small file to a server that answers every request with `response`: the
    /// failure, and how many requests the server saw.
    private func failedUpload(answering response: FlyingFox.HTTPResponse) async throws -> (UploadError?, Int) {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 1000)
        let server = try await LocalHTTPServer { _, _ in response }
        let uploader = HTTPUploader(client: liveClients(), temporaryDirectory: scratch.path)
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["url": server.url("/x").absoluteString]), environment: [:],
            secrets: RunSecrets(secrets: [])
        )
        let error = await #expect(throws: UploadError.self) { try await uploader.upload(request, progress: { _ in }) }
        await server.stop()
        return (error, server.requests.count)
    }

    @Test("a server that echoes a different sha256 fails the upload: upload_unverified")
    func echoedChecksumMismatchFails() async throws {
        let (error, _) = try await failedUpload(answering: .json(["sha256": String(repeating: "0", count: 64)]))
        #expect(error?.message.contains("the server stored sha256 000") == true)
        #expect(error?.reason == .uploadUnverified)
    }

    @Test("attempts: caps the tries; a status that stays 503 fails saying how many were made")
    func attemptsSettingCapsTries() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 1000)
        let server = try await LocalHTTPServer { _, _ in .status(503, "down for maintenance") }
        let uploader = HTTPUploader(client: liveClients(), temporaryDirectory: scratch.path)
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["url": server.url("/x").absoluteString, "attempts": "2", "backoff": "0s"]),
            environment: [:], secrets: RunSecrets(secrets: [])
        )
        let error = await #expect(throws: UploadError.self) { try await uploader.upload(request, progress: { _ in }) }
        await server.stop()
        #expect(server.requests.count == 2)
        #expect(
            error?.message
                == "HTTP 503 Service Unavailable from PUT http://127.0.0.1:\(server.port)/x: down for maintenance (after 2 attempts)")
        #expect(error?.reason == .uploadUnavailable)
    }

    @Test("a 4xx is the destination saying no: upload_rejected, after one try")
    func clientErrorIsRejected() async throws {
        let (error, requests) = try await failedUpload(answering: .status(403, "not yours"))
        #expect(error?.reason == .uploadRejected)
        #expect(requests == 1)
    }

    @Test("backoff: is the first wait, doubled after each failure, on the injected clock")
    func backoffSettingDoubles() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 1000)
        let server = try await LocalHTTPServer { _, index in index < 2 ? .status(500) : .status(201) }
        let clock = ManualClock()
        let log = LineLog()
        let uploader = HTTPUploader(client: liveClients(clock: clock), temporaryDirectory: scratch.path)
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["url": server.url("/x").absoluteString, "backoff": "3s"]), environment: [:],
            secrets: RunSecrets(secrets: []), log: log.sink
        )
        let start = clock.now
        let upload = Task { try await uploader.upload(request, progress: { _ in }) }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(3))
        await clock.waitForSleepers()
        #expect(server.requests.count == 2)
        clock.advance(by: .seconds(6))
        _ = try await upload.value
        await server.stop()
        #expect(server.requests.count == 3)
        #expect(clock.now.timeIntervalSince(start) == 9)
        #expect(
            log.lines.map { $0.components(separatedBy: ": ").last ?? "" } == [
                "HTTP 500; retrying in 3.0s (attempt 2 of 5)", "HTTP 500; retrying in 6.0s (attempt 3 of 5)",
            ])
    }

    @Test("a 429 with Retry-After from a real server waits that long instead of the back-off")
    func retryAfterFromServer() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 1000)
        let server = try await LocalHTTPServer { _, index in
            index == 0 ? .status(429, "slow down", headers: ["Retry-After": "42"]) : .status(200)
        }
        let clock = ManualClock()
        let log = LineLog()
        let uploader = HTTPUploader(client: liveClients(clock: clock), temporaryDirectory: scratch.path)
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["url": server.url("/x").absoluteString]), environment: [:],
            secrets: RunSecrets(secrets: []), log: log.sink)
        let upload = Task { try await uploader.upload(request, progress: { _ in }) }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(41))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        _ = try await upload.value
        await server.stop()
        #expect(server.requests.count == 2)
        #expect(log.lines == ["PUT http://127.0.0.1:\(server.port)/x: HTTP 429; retrying in 42s (attempt 2 of 5)"])
    }

    @Test("a server that says it stored a different size fails the upload; a matching echo verifies it")
    func echoedSizeIsChecked() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 1000)
        let digest = try FileDigest.of(file: file)
        let server = try await LocalHTTPServer { _, index in
            index == 0 ? .json(["size": 999]) : .json(["size": 1000, "sha256": digest.sha256])
        }
        let uploader = HTTPUploader(client: liveClients(), temporaryDirectory: scratch.path)
        let request = UploadRequest(
            file: .test(file), parameters: parameters(["url": server.url("/x").absoluteString]), environment: [:],
            secrets: RunSecrets(secrets: [])
        )
        let error = await #expect(throws: UploadError.self) { try await uploader.upload(request, progress: { _ in }) }
        #expect(error?.message == "the server stored 999 bytes, but the file has 1000")
        let receipt = try await uploader.upload(request, progress: { _ in })
        await server.stop()
        #expect(receipt.verification == .verified(digest))
        #expect(receipt.verification?.description == "verified: size 1000 bytes, sha256 \(digest.sha256)")
    }

    @Test("a body file that cannot be read fails once, without retries or an attempts count")
    func unreadableFileIsNotRetried() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 10)
        let transport = URLSessionTransport()
        let client = RetryingHTTPClient(
            transport: transport, clock: ManualClock(), jitter: FixedJitter(unit: 0), policy: UploadRetryPolicy())
        let request = HTTPTransportRequest(method: "PUT", url: URL(string: "http://127.0.0.1:9/x")!, body: .file(file + ".missing"))
        let error = await #expect(throws: UploadError.self) {
            try await client.sendExpectingSuccess(request, destination: .http, secrets: RunSecrets(secrets: []), log: { _ in })
        }
        #expect(error?.message == "PUT http://127.0.0.1:9/x: invalid request: cannot upload '\(file).missing': No such file or directory")
    }

    @Test("unsupported methods and non-http URLs are refused before any request")
    func refusesBadSettings() async throws {
        let uploader = HTTPUploader(client: liveClients(), temporaryDirectory: NSTemporaryDirectory())
        for (settings, fragment) in [
            (["url": "ftp://host/x"], "is not an http(s) URL"), (["url": "https://host/x", "method": "DELETE"], "must be PUT"),
        ] {
            let request = UploadRequest(
                file: .test("/nonexistent"), parameters: parameters(settings), environment: [:], secrets: RunSecrets(secrets: []))
            let error = await #expect(throws: UploadError.self) { try await uploader.upload(request, progress: { _ in }) }
            #expect(error?.message.contains(fragment) == true)
        }
    }
}
