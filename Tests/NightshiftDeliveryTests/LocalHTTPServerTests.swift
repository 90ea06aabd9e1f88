import FlyingFox
import Foundation
import NightshiftFakeTransport
import Testing
@testable import NightshiftServices

/// The loopback server every socket test stands on: what a handler is given must be what the
/// in-process server gives the same handler, and a stopped server must be gone.
@Suite("The loopback test server")
struct LocalHTTPServerTests {
    static func echo(_ request: LocalHTTPServer.Received, _ index: Int) async -> FlyingFox.HTTPResponse {
        .status(201, "\(index) \(request.bodySize)", headers: ["X-Seen": request.path])
    }

    @Test("a handler gets the same request over the socket as in process: path decoded, query, headers, body; and the same answer")
    func sameAsInProcess() async throws {
        let server = try await LocalHTTPServer(handler: Self.echo)
        let fake = InProcessHTTPServer(handler: Self.echo)
        let body = Data((0..<70_000).map { UInt8($0 % 251) })
        let target = "/bucket/prod/AROA%3A2efe/./part?X-Amz-Signature=a%2Bb&n=3"
        var answers: [HTTPTransportResponse] = []
        for (origin, transport) in [
            (server.url("").absoluteString, URLSessionTransport() as any HTTPTransport), (InProcessHTTPServer.origin, fake),
        ] {
            let request = HTTPTransportRequest(
                method: "PUT", url: URL(string: origin + target)!, headers: ["X-Token": "t1", "Content-Type": "application/octet-stream"],
                body: .data(body))
            answers.append(try await transport.send(request, progress: { _, _ in }))
        }
        await server.stop()
        let overSocket = try #require(server.requests.first)
        let inProcess = try #require(fake.requests.first)
        for received in [overSocket, inProcess] {
            #expect(received.method == "PUT")
            #expect(received.path == "/bucket/prod/AROA:2efe/part")
            #expect(received.query == ["X-Amz-Signature": "a+b", "n": "3"])
            #expect(received.headers["x-token"] == "t1")
            #expect(received.headers["content-length"] == "70000")
            #expect(received.body == body && received.bodySize == 70_000)
        }
        #expect(answers.map(\.status) == [201, 201])
        #expect(answers.map { String(decoding: $0.body, as: UTF8.self) } == ["0 70000", "0 70000"])
        #expect(answers.map { $0.headers["x-seen"] } == ["/bucket/prod/AROA:2efe/part", "/bucket/prod/AROA:2efe/part"])
    }

    @Test("a stopped server takes no more connections")
    func stoppedIsGone() async throws {
        let server = try await LocalHTTPServer(handler: Self.echo)
        let request = HTTPTransportRequest(method: "GET", url: server.url("/ping"))
        #expect(try await URLSessionTransport().send(request, progress: { _, _ in }).status == 201)
        await server.stop()
        await #expect(throws: HTTPTransportError.self) { try await URLSessionTransport().send(request, progress: { _, _ in }) }
        #expect(server.requests.count == 1)
    }
}
