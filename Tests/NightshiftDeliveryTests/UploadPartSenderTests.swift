import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

@Suite("App Store Connect upload parts", .temporaryDirectory)
struct UploadPartSenderTests {
    typealias Operation = AppStoreConnectResources.UploadOperation

    @Test("a part whose connection drops is sent again, from its own offset, with Apple's headers and no Authorization")
    func droppedConnectionIsRetried() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 300)
        let transport = ScriptedTransport([
            .response(HTTPTransportResponse(status: 200)), .failure(.connection("connection reset by peer")),
            .response(HTTPTransportResponse(status: 200)),
        ])
        let log = LineLog()
        let sender = UploadPartSender(
            http: RetryingHTTPClient(
                transport: transport, clock: SkippingClock(), jitter: FixedJitter(unit: 0), policy: UploadRetryPolicy()),
            file: file, concurrency: 1, secrets: RunSecrets(secrets: []), log: log.sink)
        let operations = [0, 1].map { index in
            Operation(
                method: "PUT", url: "https://store.example/part\(index + 1)?sig=s3cret", length: 150, offset: Int64(index * 150),
                requestHeaders: [.init(name: "Content-Type", value: "application/octet-stream")], partNumber: index + 1)
        }
        let finished = LineLog()
        try await sender.send(operations, fileSize: 300, progress: { _ in }, finished: { part in await finished.sink("\(part)") })
        let requests = transport.requests
        #expect(
            requests.map(\.body) == [
                .fileRange(file, offset: 0, length: 150), .fileRange(file, offset: 150, length: 150),
                .fileRange(file, offset: 150, length: 150),
            ])
        #expect(requests.allSatisfy { $0.headers == ["Content-Type": "application/octet-stream"] })
        #expect(finished.lines == ["1", "2"])
        #expect(log.text.contains("PUT https://store.example/part2: connection failed: connection reset by peer"))
        #expect(!log.text.contains("s3cret"))
    }

    @Test("Apple asking for bytes past the end of the file fails before anything is sent")
    func rangeOutsideFile() async throws {
        let transport = ScriptedTransport([])
        let sender = UploadPartSender(
            http: RetryingHTTPClient(
                transport: transport, clock: SkippingClock(), jitter: FixedJitter(unit: 0), policy: UploadRetryPolicy()),
            file: "/nonexistent", concurrency: 2, secrets: RunSecrets(secrets: []), log: { _ in })
        let operation = Operation(method: "PUT", url: "https://store.example/p", length: 100, offset: 250)
        let error = await #expect(throws: UploadError.self) { try await sender.send([operation], fileSize: 300, progress: { _ in }) }
        #expect(error?.message == "App Store Connect asked for bytes 250..<350 of a 300-byte file")
        #expect(transport.requests.isEmpty)
    }
}
