public import FlyingFox
public import Foundation
import NightshiftSystem

/// An HTTP/1.1 server on 127.0.0.1 (a free port) that records what it received and answers with
/// the test's handler (FlyingFox's response type). Its sockets are served on threads of their
/// own and its handler runs on the connection's thread (`ConnectionThread`), never on the
/// cooperative pool, so a run of every test at once cannot starve it. Stopped by `stop()`.
public final class LocalHTTPServer: Sendable {
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

    public var port: UInt16 { listener.port }
    private let listener: LoopbackListener
    private let limit: Int
    private let handler: Handler
    /// What arrived, in order, and the connections open now.
    private let state = LockedValue((log: [Received](), connections: Set<Int32>()))

    /// `keepBodiesUpTo`: larger bodies are counted, not kept (the 200 MB test).
    public init(keepBodiesUpTo limit: Int = 1 << 20, handler: @escaping Handler) async throws {
        self.limit = limit
        self.handler = handler
        listener = try LoopbackListener()
        listener.start { [weak self] connection in
            guard let self, adopt(connection) else {
                close(connection)
                return
            }
            let thread = Thread { self.serve(connection) }
            thread.name = "loopback-connection-\(connection)"
            thread.start()
        }
    }

    deinit { listener.stop() }

    public var requests: [Received] { state.withLock { $0.log } }

    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// The path a handler sees, as FlyingFox's decoder gave it: percent-decoded, `.` and `..`
    /// segments removed. The in-process server gives the same.
    public static func path(_ components: URLComponents) -> String {
        URL(string: components.percentEncodedPath)?.standardized.path ?? components.percentEncodedPath
    }

    /// Stops listening and ends every open connection.
    public func stop() async {
        listener.stop()
        // Under the lock: a connection's descriptor is closed under it too, so this never reaches a
        // number the system has since given to another file.
        state.withLock { state in
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    private func adopt(_ connection: Int32) -> Bool {
        state.withLock { state in
            guard !listener.isStopped else { return false }
            state.connections.insert(connection)
            return true
        }
    }

    /// One connection's requests, in turn, until the client closes it, asks to, or the server stops.
    private func serve(_ connection: Int32) {
        defer {
            state.withLock { state in
                state.connections.remove(connection)
                close(connection)
            }
        }
        var reader = HTTPRequestReader(socket: connection)
        while let head = reader.readHead() {
            // curl waits up to a second for this before it sends a large body.
            if head.headers["expect"]?.lowercased() == "100-continue" {
                SocketSpellings.send(connection, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            var body = Data()
            var size = 0
            let limit = limit
            let complete = reader.readBody(of: head) { piece in
                size += piece.count
                if body.count < limit { body.append(contentsOf: piece.prefix(limit - body.count)) }
            }
            guard complete else { return }
            let components = URLComponents(string: "http://127.0.0.1" + head.target)
            let query = Dictionary(
                (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
            let received = Received(
                method: head.method, path: components.map(Self.path) ?? head.target, query: query, headers: head.headers, body: body,
                bodySize: size)
            let index = state.withLock { state in
                state.log.append(received)
                return state.log.count - 1
            }
            let closing = head.headers["connection"]?.lowercased() == "close"
            let handler = handler
            let answer = ConnectionThread.run { await Answer(handler(received, index)) }
            SocketSpellings.send(connection, answer.bytes(headOnly: head.method == "HEAD", closing: closing))
            if closing || answer.cutShort { return }
        }
    }

    /// A handler's response as it goes on the wire: its length, and the connection's fate. A body
    /// that fails part-way (a fake's dropped connection) goes out as far as it got, under the
    /// length it declared, and the connection closes: what a server that died mid-answer sends.
    private struct Answer: Sendable {
        var status: Int
        var phrase: String
        var headers: [(String, String)]
        var body = Data()
        var declaredLength: Int?
        var cutShort = false

        init(_ response: FlyingFox.HTTPResponse) async {
            status = response.statusCode.code
            phrase = response.statusCode.phrase
            headers = response.headers.map { ($0.key.rawValue, $0.value) }
            guard case .httpBody(let sequence) = response.payload else { return }
            declaredLength = sequence.count
            do {
                for try await piece in sequence { body.append(piece) }
            } catch {
                cutShort = true
            }
        }

        func bytes(headOnly: Bool, closing: Bool) -> [UInt8] {
            var head = "HTTP/1.1 \(status) \(phrase)\r\n"
            let framing: Set<String> = ["content-length", "transfer-encoding", "connection"]
            for (name, value) in headers where !framing.contains(name.lowercased()) { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(cutShort ? declaredLength ?? body.count + 1 : body.count)\r\n"
            if closing || cutShort { head += "Connection: close\r\n" }
            head += "\r\n"
            return Array(head.utf8) + (headOnly ? [] : Array(body))
        }
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
