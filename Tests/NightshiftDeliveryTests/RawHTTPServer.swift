import Foundation
import NightshiftFakeTransport

/// A bare socket server on 127.0.0.1 for what a well-behaved server library will not do: cut a
/// connection mid-body (RST or FIN), answer before reading the body, and show the request head
/// exactly as it came over the wire. Connections are served one at a time, in order.
final class RawHTTPServer: @unchecked Sendable {
    enum Behaviour: Sendable {
        /// Reads `afterBytes` of the request, then resets the connection (RST), as a crashed proxy would.
        case reset(afterBytes: Int)
        /// Reads `afterBytes`, then closes without answering (FIN).
        case close(afterBytes: Int)
        /// Reads `afterBytes`, answers `status` at once and closes, the rest of the body unread.
        case answerEarly(status: Int, afterBytes: Int)
        /// Reads the whole request (as long as its Content-Length says) and answers `status`.
        case answer(status: Int)
    }

    /// One connection as the server saw it.
    struct Exchange: Sendable {
        /// The request line and headers, lowercased.
        var head: String
        /// Body bytes read (for `answer`: all of them).
        var bodyBytes: Int
    }

    var port: UInt16 { listener.port }
    private let listener: LoopbackListener
    private let behaviour: @Sendable (Int) -> Behaviour
    private let lock = NSLock()
    private var exchanges: [Exchange] = []
    private var connections = 0

    /// `behaviour` is asked for each connection, by its index from 0. Connections are served one
    /// at a time, on the listener's thread.
    init(behaviour: @escaping @Sendable (Int) -> Behaviour) throws {
        listener = try LoopbackListener()
        self.behaviour = behaviour
        listener.start { [self] client in
            let index = lock.withLock {
                connections += 1
                return connections - 1
            }
            handle(client, self.behaviour(index))
        }
    }

    /// The first connection is reset after `dropAfter` bytes; later ones are answered 201.
    convenience init(dropAfter: Int) throws {
        try self.init { index in index == 0 ? .reset(afterBytes: dropAfter) : .answer(status: 201) }
    }

    var connectionCount: Int { lock.withLock { connections } }
    var seen: [Exchange] { lock.withLock { exchanges } }
    /// Body sizes of the requests answered with `answer`, whole.
    var receivedBodySizes: [Int] { lock.withLock { completeBodies } }
    private var completeBodies: [Int] = []

    var url: String { "http://127.0.0.1:\(port)" }

    func stop() { listener.stop() }

    private func handle(_ client: Int32, _ behaviour: Behaviour) {
        defer { close(client) }
        guard let (head, early) = readHead(client) else { return }
        var body = early.count
        switch behaviour {
        case .reset(let limit), .close(let limit), .answerEarly(_, let limit):
            body += drain(client, upTo: max(0, limit - head.utf8.count - body))
            record(Exchange(head: head, bodyBytes: body))
            if case .reset = behaviour {
                SocketSpellings.resetOnClose(client)
            } else if case .answerEarly(let status, _) = behaviour {
                send(client, "HTTP/1.1 \(status) Refused\r\nContent-Length: 14\r\nConnection: close\r\n\r\nnot this time\n")
            }
        case .answer(let status):
            let length = Self.contentLength(head) ?? 0
            body += drain(client, upTo: max(0, length - body))
            record(Exchange(head: head, bodyBytes: body))
            lock.withLock { completeBodies.append(body) }
            send(client, "HTTP/1.1 \(status) Done\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
    }

    private func record(_ exchange: Exchange) { lock.withLock { exchanges.append(exchange) } }

    /// The head up to the blank line, and the body bytes that came with it.
    private func readHead(_ client: Int32) -> (String, [UInt8])? {
        var received: [UInt8] = []
        let separator = Array("\r\n\r\n".utf8)
        while true {
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            received += buffer[..<count]
            if let end = received.firstRange(of: separator) {
                return (String(decoding: received[..<end.lowerBound], as: UTF8.self).lowercased(), Array(received[end.upperBound...]))
            }
        }
    }

    /// Reads and discards up to `count` bytes; returns how many came.
    private func drain(_ client: Int32, upTo count: Int) -> Int {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var total = 0
        while total < count {
            let read = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, min($0.count, count - total), 0) }
            if read <= 0 { break }
            total += read
        }
        return total
    }

    static func contentLength(_ head: String) -> Int? {
        head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
    }

    private func send(_ socket: Int32, _ text: String) {
        SocketSpellings.send(socket, Array(text.utf8))
    }
}
