import FlyingFox
public import Foundation
import NightshiftSchema
public import NightshiftServices
import NightshiftSystem
import NightshiftTestSupport

/// A test's HTTP handler answered in process, as the `HTTPTransport` the code under test is
/// given: no socket, no port, no listening task for a loaded suite to starve (issue #37). It
/// records what it received and answers exactly as a `LocalHTTPServer` with the same handler
/// would, so a fake written for one serves the other. The URLs it hands out name 127.0.0.1 port 9
/// (discard): a request that bypasses the transport fails at once instead of reaching anything,
/// and a request for any other URL through the transport fails the request (strict).
public final class InProcessHTTPServer: HTTPTransport, @unchecked Sendable {
    public typealias Handler = LocalHTTPServer.Handler
    public typealias Received = LocalHTTPServer.Received

    private let handler: Handler
    private let limit: Int
    private let lock = NSLock()
    private var log: [Received] = []

    /// `keepBodiesUpTo`: larger bodies are counted, not kept.
    public init(keepBodiesUpTo limit: Int = 1 << 20, handler: @escaping Handler) {
        self.handler = handler
        self.limit = limit
    }

    public static let origin = "http://127.0.0.1:9"

    public func url(_ path: String) -> URL { URL(string: Self.origin + path)! }

    public var requests: [Received] { lock.withLock { log } }

    public func send(
        _ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> HTTPTransportResponse {
        guard let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
            request.url.absoluteString.hasPrefix(Self.origin + "/")
        else {
            throw HTTPTransportError.notConnected("the in-process server answers only \(Self.origin), not \(request.url.printable)")
        }
        let body = try Self.bytes(of: request.body)
        progress(Int64(body.count), Int64(body.count))
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.lowercased()] = value }
        // What the wire carries beside the request's own headers: URLSession states a body's length.
        if request.body != .none, headers["content-length"] == nil { headers["content-length"] = String(body.count) }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        let received = Received(
            method: request.method, path: LocalHTTPServer.path(components), query: query, headers: headers,
            body: body.prefix(limit), bodySize: body.count)
        let index = lock.withLock {
            log.append(received)
            return log.count - 1
        }
        let response = await handler(received, index)
        // As URLSessionTransport: a request cancelled while it waited has no answer, whatever
        // the handler made of its own cancelled wait.
        try Task.checkCancellation()
        var answerHeaders: [String: String] = [:]
        for (name, value) in response.headers { answerHeaders[name.rawValue.lowercased()] = value }
        do {
            return HTTPTransportResponse(status: response.statusCode.code, headers: answerHeaders, body: try await response.bodyData)
        } catch {
            throw HTTPTransportError.connection("the handler's body failed: \(error)")
        }
    }

    /// The body as the server would have read it off the wire.
    private static func bytes(of body: HTTPTransportBody) throws -> Data {
        switch body {
        case .none:
            return Data()
        case .data(let data):
            return data
        case .file(let path):
            let file = try HTTPBodyFile.open(path)
            defer { file.close() }
            return try read(file, count: file.size)
        case .fileRange(let path, let offset, let length):
            let file = try HTTPBodyFile.open(path)
            defer { file.close() }
            try file.seek(to: offset)
            return try read(file, count: length)
        }
    }

    /// `count` bytes from the read position, fewer if the file ends first.
    private static func read(_ file: ReadableFile, count: Int64) throws -> Data {
        var data = Data()
        while Int64(data.count) < count {
            let chunk = try file.read(upToCount: Int(min(count - Int64(data.count), 1 << 20)))
            if chunk.isEmpty { break }
            data += chunk
        }
        return data
    }
}
