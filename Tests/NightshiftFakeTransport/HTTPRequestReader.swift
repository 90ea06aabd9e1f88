import Foundation

/// Reads HTTP/1.1 requests off one blocking socket, one after another on a kept-alive connection:
/// the head up to its blank line, then the body as `Content-Length` or the chunked transfer
/// coding says, handed over piece by piece (a 200 MB body is counted, never held).
struct HTTPRequestReader {
    struct Head {
        var method: String
        /// The request target as sent: path and query, still percent-encoded.
        var target: String
        /// Names lowercased; a repeated field's values joined with ", ".
        var headers: [String: String]
    }

    /// A head larger than this ends the connection: no client of these tests sends one.
    static let headLimit = 1 << 20
    private let socket: Int32
    /// Bytes read off the socket and not yet taken.
    private var buffered: [UInt8] = []

    init(socket: Int32) { self.socket = socket }

    /// The next request's head; nil when the client closed the connection or sent no request.
    mutating func readHead() -> Head? {
        guard let block = text(before: [13, 10, 13, 10]) else { return nil }
        // RFC 9112 §2.2: empty lines before a request line are ignored.
        let lines = block.components(separatedBy: "\r\n").drop { $0.isEmpty }
        return lines.isEmpty ? readHead() : Self.head(lines)
    }

    /// Reads the body `head` announces, giving each piece to `take`; false when the connection
    /// ended first or the chunked framing was broken.
    mutating func readBody(of head: Head, into take: (ArraySlice<UInt8>) -> Void) -> Bool {
        if head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true { return readChunks(into: take) }
        guard let length = Int(head.headers["content-length"] ?? "0"), length >= 0 else { return false }
        return read(length, into: take)
    }

    private static func head(_ lines: some Collection<String>) -> Head? {
        let request = lines.first?.split(separator: " ", omittingEmptySubsequences: true) ?? []
        guard request.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return Head(method: String(request[0]), target: String(request[1]), headers: headers)
    }

    private mutating func read(_ count: Int, into take: (ArraySlice<UInt8>) -> Void) -> Bool {
        var left = count
        while left > 0 {
            if buffered.isEmpty, !fill() { return false }
            let piece = min(left, buffered.count)
            take(buffered[..<piece])
            buffered.removeFirst(piece)
            left -= piece
        }
        return true
    }

    private mutating func readChunks(into take: (ArraySlice<UInt8>) -> Void) -> Bool {
        while let line = readLine() {
            let size = line.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let count = Int(size, radix: 16), count >= 0 else { return false }
            if count == 0 {
                // Trailer fields, up to the blank line that ends the message.
                while let trailer = readLine(), !trailer.isEmpty {}
                return true
            }
            guard read(count, into: take), readLine() == "" else { return false }
        }
        return false
    }

    private mutating func readLine() -> String? { text(before: [13, 10]) }

    /// The text before the next `separator`, both taken from the stream; nil when the stream ends first
    /// or no separator comes within `headLimit`.
    private mutating func text(before separator: [UInt8]) -> String? {
        while true {
            if let end = buffered.firstRange(of: separator) {
                let text = String(decoding: buffered[..<end.lowerBound], as: UTF8.self)
                buffered.removeFirst(end.upperBound)
                return text
            }
            guard buffered.count < Self.headLimit, fill() else { return nil }
        }
    }

    /// At least one more byte into `buffered`; false at the end of the stream or on an error.
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffered += chunk[..<count]
            return true
        }
    }
}
