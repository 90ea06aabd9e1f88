import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

@Suite("BugSnag dSYM uploads on a scripted transport", .temporaryDirectory)
struct BugsnagUploaderTests {
    static let apiKey = "0123456789abcdef0123456789abcdef"

    func uploader(_ transport: BodyReadingTransport, scratch: ScratchDirectory) -> BugsnagUploader {
        BugsnagUploader(
            client: { policy in
                RetryingHTTPClient(transport: transport, clock: SkippingClock(), jitter: FixedJitter(unit: 0), policy: policy)
            },
            temporaryDirectory: scratch.path)
    }

    func request(_ folder: String, symbols: SymbolUploadContext, log: LineLog, endpoint: String? = nil) -> UploadRequest {
        var values = ["api_key": Self.apiKey, "backoff": "0s"]
        if let endpoint { values["endpoint"] = endpoint }
        var request = UploadRequest(
            file: .test(folder), parameters: parameters(values), environment: [:], secrets: RunSecrets(secrets: []), log: log.sink)
        request.symbols = symbols
        return request
    }

    @Test("one multipart POST to <endpoint>/dsym per DWARF file, apiKey and dsym fields, a 503 retried, the key never logged")
    func postsEachDWARFFile() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let folder = try DSYMFolder(
            in: scratch, bundles: [("App.app.dSYM", "App", "dwarf of the app"), ("Kit.framework.dSYM", "Kit", "dwarf of the kit")])
        let transport = BodyReadingTransport(statuses: [503, 200, 200])
        let log = LineLog()
        let recorded = LockedValue<[Set<String>]>([])
        let symbols = SymbolUploadContext(shell: ScriptedShellRunner(), recordSent: { sent in recorded.withLock { $0.append(sent) } })
        let receipt = try await uploader(transport, scratch: scratch).upload(
            request(folder.path, symbols: symbols, log: log, endpoint: "https://bugsnag.example.com:49000/"), progress: { _ in })
        let requests = transport.requests
        #expect(requests.count == 3)
        #expect(
            requests.allSatisfy { $0.request.method == "POST" && $0.request.url.absoluteString == "https://bugsnag.example.com:49000/dsym" }
        )
        #expect(requests.allSatisfy { $0.request.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true })
        let app = requests[1].body
        #expect(app.contains("Content-Disposition: form-data; name=\"apiKey\"\r\n\r\n\(Self.apiKey)\r\n"))
        #expect(app.contains("Content-Disposition: form-data; name=\"dsym\"; filename=\"App\"\r\n"))
        #expect(app.contains("\r\n\r\ndwarf of the app\r\n--"))
        #expect(requests[2].body.contains("dwarf of the kit"))
        #expect(receipt.details == ["dsym_files_sent": "2", "dsym_files": "2"])
        #expect(recorded.withLock { $0.map(\.count) } == [1, 2])
        #expect(!log.text.contains(Self.apiKey))
        #expect(log.lines.contains("sent App.app.dSYM (16 bytes)"))
        // The bodies, which held the key, are gone.
        #expect(scratch.contents() == ["dSYMs"])
    }

    @Test("a resumed attempt sends only what the attempt before did not")
    func resumesWhereItStopped() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let folder = try DSYMFolder(in: scratch, bundles: [("App.app.dSYM", "App", "app"), ("Kit.framework.dSYM", "Kit", "kit")])
        let sentBefore = BugsnagUploader.identity(of: try FileDigest.of(file: "\(folder.path)/App.app.dSYM/Contents/Resources/DWARF/App"))
        let transport = BodyReadingTransport(statuses: [200])
        let log = LineLog()
        let symbols = SymbolUploadContext(shell: ScriptedShellRunner(), alreadySent: [sentBefore])
        let receipt = try await uploader(transport, scratch: scratch).upload(
            request(folder.path, symbols: symbols, log: log), progress: { _ in })
        #expect(transport.requests.count == 1)
        #expect(transport.requests.first?.request.url.absoluteString == "https://upload.bugsnag.com/dsym")
        #expect(transport.requests.first?.body.contains("kit") == true)
        #expect(receipt.details["dsym_files_sent"] == "1")
        #expect(log.lines.contains("App.app.dSYM was sent by an earlier attempt of this run: not sent again"))
    }

    @Test("a 401 fails at once, naming the key to check, without the key")
    func unauthorised() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let folder = try DSYMFolder(in: scratch, bundles: [("App.app.dSYM", "App", "app")])
        let transport = BodyReadingTransport(statuses: [401])
        let error = await #expect(throws: UploadError.self) {
            try await uploader(transport, scratch: scratch).upload(
                request(folder.path, symbols: SymbolUploadContext(shell: ScriptedShellRunner()), log: LineLog()), progress: { _ in })
        }
        #expect(transport.requests.count == 1)
        #expect(error?.description.contains("HTTP 401 Unauthorized from POST https://upload.bugsnag.com/dsym") == true)
        #expect(error?.description.contains("check the project's API key") == true)
        #expect(error?.description.contains(Self.apiKey) == false)
    }
}
