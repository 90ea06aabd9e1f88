import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A bare socket server on 127.0.0.1 whose first connection is cut after `dropAfter` bytes, as a
/// flaky proxy would; later connections get their request read whole and a 201.
final class DroppingHTTPServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var connections = 0
    private var completeBodies: [Int] = []

    init(dropAfter: Int) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve(dropAfter: dropAfter) }
        thread.start()
    }

    var connectionCount: Int { lock.withLock { connections } }
    var receivedBodySizes: [Int] { lock.withLock { completeBodies } }

    func stop() { shutdown(listener, Int32(SHUT_RDWR)); close(listener) }

    private func serve(dropAfter: Int) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let first = lock.withLock { connections += 1; return connections == 1 }
            if first {
                _ = readBytes(client, upTo: dropAfter)
                // RST rather than FIN, so the client sees the connection reset mid-body.
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                close(client)
            } else {
                answer(client)
            }
        }
    }

    private func answer(_ client: Int32) {
        var head = Data()
        while !head.contains(Data("\r\n\r\n".utf8)) {
            let chunk = readBytes(client, upTo: 1)
            if chunk.isEmpty { close(client); return }
            head += chunk
        }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        let length = text.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        if text.contains("expect: 100-continue") { send(client, "HTTP/1.1 100 Continue\r\n\r\n") }
        var remaining = length
        while remaining > 0 {
            let chunk = readBytes(client, upTo: min(remaining, 65536))
            if chunk.isEmpty { break }
            remaining -= chunk.count
        }
        lock.withLock { completeBodies.append(length - remaining) }
        send(client, "HTTP/1.1 201 Created\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        close(client)
    }

    private func readBytes(_ socket: Int32, upTo count: Int) -> Data {
        var buffer = [UInt8](repeating: 0, count: count)
        var total = 0
        while total < count {
            let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + total, count - total, 0) }
            if read <= 0 { break }
            total += read
        }
        return Data(buffer[..<total])
    }

    private func send(_ socket: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }
}
