public import FlyingFox
import FlyingSocks
public import Foundation
import NightshiftCore
import NightshiftSchema

/// A FlyingFox server on 127.0.0.1 (a free port) that records what it received and answers with
/// the test's handler. Stopped by `stop()`.
public final class LocalHTTPServer: @unchecked Sendable {
    public struct Received: Sendable {
        public var method: String
        public var path: String
        public var query: [String: String]
        /// Names lowercased.
        public var headers: [String: String]
        public var body: Data
        public var bodySize: Int

        public init(method: String, path: String, query: [String: String], headers: [String: String], body: Data, bodySize: Int) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.body = body
            self.bodySize = bodySize
        }
    }

    public typealias Handler = @Sendable (Received, Int) async -> FlyingFox.HTTPResponse

    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let lock = NSLock()
    private var log: [Received] = []
    public let port: UInt16

    /// `keepBodiesUpTo`: larger bodies are counted, not kept (the 200 MB test).
    public init(keepBodiesUpTo limit: Int = 1 << 20, handler: @escaping Handler) async throws {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
        self.server = server
        task = Task { try await server.run() }
        // FlyingFox gives up after 5 s by default: on a loaded 2-core machine, while other suites
        // keep the cooperative pool busy, starting to listen has taken longer than that.
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw UploadError(named: "test", "no port") }
        self.port = port
        let box = WeakBox()
        await server.appendRoute("*") { request in
            guard let self = box.server else { return FlyingFox.HTTPResponse(statusCode: .internalServerError) }
            return await self.handle(request, limit: limit, handler: handler)
        }
        box.server = self
    }

    private final class WeakBox: @unchecked Sendable { weak var server: LocalHTTPServer? }

    private func handle(_ request: FlyingFox.HTTPRequest, limit: Int, handler: Handler) async -> FlyingFox.HTTPResponse {
        var body = Data()
        var size = 0
        do {
            for try await chunk in request.bodySequence {
                size += chunk.count
                if body.count < limit { body.append(chunk.prefix(limit - body.count)) }
            }
        } catch {
            return FlyingFox.HTTPResponse(statusCode: .badRequest)
        }
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let received = Received(
            method: request.method.rawValue, path: request.path, query: query, headers: headers, body: body, bodySize: size)
        let index = lock.withLock {
            log.append(received); return log.count - 1
        }
        return await handler(received, index)
    }

    public var requests: [Received] { lock.withLock { log } }

    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    public func stop() async {
        await server.stop()
        task.cancel()
    }
}

extension FlyingFox.HTTPResponse {
    public static func status(_ code: Int, _ body: String = "", headers: [String: String] = [:]) -> FlyingFox.HTTPResponse {
        var fields: [HTTPHeader: String] = [:]
        for (name, value) in headers { fields[HTTPHeader(name)] = value }
        return FlyingFox.HTTPResponse(
            statusCode: HTTPStatusCode(code, phrase: "Status \(code)"), headers: HTTPHeaders(fields), body: Data(body.utf8))
    }

    public static func json(_ object: Any, status: Int = 200) -> FlyingFox.HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return FlyingFox.HTTPResponse(
            statusCode: HTTPStatusCode(status, phrase: "OK"), headers: [.contentType: "application/json"], body: data)
    }
}
