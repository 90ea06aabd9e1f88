import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import FlyingFox
import NightshiftFakeTransport
import NightshiftTestSupport
import Testing
@testable import NightshiftServices

@Suite("URLSession transport: file bodies over a hostile network", .temporaryDirectory)
struct URLSessionTransportTests {
    func put(_ file: String, to server: RawHTTPServer, transport: URLSessionTransport = URLSessionTransport(idleTimeout: 20))
        async throws -> HTTPTransportResponse
    {
        let request = HTTPTransportRequest(method: "PUT", url: URL(string: server.url + "/builds/App.ipa")!, body: .file(file))
        return try await transport.send(request, progress: { _, _ in })
    }

    @Test("a file body goes out whole with its Content-Length, not chunked, and progress counts to its size")
    func declaresContentLength() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 3_000_000)
        let server = try RawHTTPServer { _ in .answer(status: 201) }
        defer { server.stop() }
        let progress = ProgressLog()
        let request = HTTPTransportRequest(method: "PUT", url: URL(string: server.url + "/builds/App.ipa")!, body: .file(file))
        let response = try await URLSessionTransport().send(request) { sent, total in
            progress.record(UploadProgress(bytesSent: sent, totalBytes: total))
        }
        #expect(response.status == 201)
        let head = try #require(server.seen.first?.head)
        #expect(head.contains("\r\ncontent-length: 3000000"))
        #expect(!head.contains("transfer-encoding"))
        #expect(server.receivedBodySizes == [3_000_000])
        #expect(progress.all.last == UploadProgress(bytesSent: 3_000_000, totalBytes: 3_000_000))
    }

    /// FoundationNetworking's `uploadTask(fromFile:)` traps (`EasyHandle.swift` `try!`, libcurl
    /// error 43) when a connection is reset or closed while it reads the next piece of the file;
    /// with it this test crashed the test process within its first few uploads. Every upload here
    /// must end as a connection error or a response.
    @Test("200 uploads cut mid-body (reset, closed, answered early) end as errors or responses, never a crash")
    func survivesConnectionsCutMidBody() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 4_000_000)
        let server = try RawHTTPServer { index in
            let cut = (index &* 7_919) % 2_000_000
            switch index % 3 {
            case 0: return .reset(afterBytes: cut)
            case 1: return .close(afterBytes: cut)
            default: return .answerEarly(status: 401, afterBytes: cut)
            }
        }
        defer { server.stop() }
        var (failures, refusals) = (0, 0)
        for _ in 0..<200 {
            do {
                let response = try await put(file, to: server)
                #expect(response.status == 401)
                refusals += 1
            } catch let error as HTTPTransportError {
                guard case .connection = error else { Issue.record("not a connection failure: \(error)"); continue }
                failures += 1
            }
        }
        #expect(failures + refusals == 200)
        #expect(server.connectionCount == 200)
        #expect(failures >= 100, "resets and closes must surface as connection failures, got \(failures)")
    }

    @Test("after a cut, the next upload of the same file starts from its first byte")
    func retryResendsTheWholeFile() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 2_500_000)
        let server = try RawHTTPServer(dropAfter: 300_000)
        defer { server.stop() }
        await #expect(throws: HTTPTransportError.self) { try await put(file, to: server) }
        #expect(try await put(file, to: server).status == 201)
        #expect(server.receivedBodySizes == [2_500_000])
    }

    @Test("a missing file or a directory is an invalid request, found before connecting")
    func unreadableBody() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let server = try RawHTTPServer { _ in .answer(status: 201) }
        defer { server.stop() }
        for path in [scratch.path + "/missing.ipa", scratch.path] {
            await #expect(throws: HTTPTransportError.self) { try await put(path, to: server) }
        }
        #expect(server.connectionCount == 0)
    }

    @Test(
        "a FIFO, a device or a folder as a file body fails at once, saying what it is; the in-process fake refuses it in the same words",
        arguments: NotAFile.allCases)
    func notARegularFile(kind: NotAFile) async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (path, reason) = try scratch.notAFile(kind, named: "App.ipa")
        let expected = HTTPTransportError.invalidRequest("cannot upload '\(path)': \(reason)")
        #expect(throws: expected) { try FileBodyStream(path: path) }
        let fake = InProcessHTTPServer { _, _ in FlyingFox.HTTPResponse(statusCode: .ok) }
        for body in [HTTPTransportBody.file(path), .fileRange(path, offset: 0, length: 1)] {
            let request = HTTPTransportRequest(method: "PUT", url: fake.url("/builds/App.ipa"), body: body)
            await #expect(throws: expected) { try await URLSessionTransport(idleTimeout: 20).send(request, progress: { _, _ in }) }
            await #expect(throws: expected) { try await fake.send(request, progress: { _, _ in }) }
        }
        #expect(fake.requests.isEmpty)
    }

    @Test("a file that shrinks after it was opened is reported, not sent short")
    func shrinkingFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 100_000)
        let stream = try FileBodyStream(path: file)
        #expect(stream.length == 100_000)
        try FileHandle(forWritingAtPath: file).map {
            try $0.truncate(atOffset: 40_000); try $0.close()
        }
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var total = 0
        var last = 0
        repeat {
            last = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: $0.count) }
            if last > 0 { total += last }
        } while last > 0
        #expect(total == 40_000)
        #expect(last == -1)
        #expect(stream.hasBytesAvailable)
        #expect(stream.failure == .invalidRequest("'\(file)' ended after 40000 of 100000 bytes: it changed during the upload"))
    }

    @Test("the stream hands out exactly the file's bytes, then reports its end")
    func streamReadsExactBytes() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.file("App.ipa", bytes: 70_000, seed: 3)
        let stream = try FileBodyStream(path: file)
        stream.open()
        var collected = Data()
        var buffer = [UInt8](repeating: 0, count: 32_768)
        while stream.hasBytesAvailable {
            let count = buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: $0.count) }
            #expect(count > 0)
            collected.append(contentsOf: buffer[..<max(count, 0)])
        }
        #expect(collected == (try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: $0.count) } == 0)
        #expect(stream.streamStatus == .atEnd)
        #expect(stream.failure == nil)
    }
}
