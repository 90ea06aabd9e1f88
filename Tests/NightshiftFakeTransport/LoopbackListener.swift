import Foundation
import NightshiftSystem

/// A TCP socket listening on 127.0.0.1, on a port the system chose, and the thread that accepts
/// its connections, handing each to `accepted` (`start`). The descriptor is closed exactly once,
/// by the last of `stop()` and the thread, so neither can reach a number the system has since
/// given to another test's file. The test servers' one listener (`LocalHTTPServer`, Delivery's
/// `RawHTTPServer`).
public final class LoopbackListener: Sendable {
    public let port: UInt16
    private let descriptor: Int32
    /// `threadEnded`: true while no accept thread runs, before `start` and once it has ended.
    private let state = LockedValue((stopped: false, threadEnded: true))

    public init() throws {
        (descriptor, port) = try Self.listen()
    }

    /// Accepts connections on a thread of its own until `stop()`, each handed to `accepted` on
    /// that thread (which is free to serve it there, one connection at a time, or hand it on).
    public func start(_ accepted: @escaping @Sendable (Int32) -> Void) {
        let started = state.withLock { state in
            guard !state.stopped, state.threadEnded else { return false }
            state.threadEnded = false
            return true
        }
        guard started else { return }
        let thread = Thread { [self] in acceptConnections(accepted) }
        thread.name = "loopback-listener-\(port)"
        thread.start()
    }

    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// Stops accepting. Connections already accepted are their owner's to end.
    public func stop() {
        let threadEnded: Bool? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.stopped = true
            return state.threadEnded
        }
        guard let threadEnded else { return }
        if threadEnded {
            close(descriptor)
            return
        }
        // shutdown wakes a thread blocked in accept on Linux; Darwin's accept wakes for a
        // connection, so one is made too (refused at once where shutdown already worked).
        shutdown(descriptor, Int32(SHUT_RDWR))
        Self.connect(to: port)
    }

    private func acceptConnections(_ accepted: @Sendable (Int32) -> Void) {
        while !isStopped {
            let connection = accept(descriptor, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            if isStopped {
                close(connection)
                break
            }
            accepted(connection)
        }
        let stopped = state.withLock { state in
            state.threadEnded = true
            return state.stopped
        }
        if stopped { close(descriptor) }
    }

    private static func listen() throws -> (Int32, UInt16) {
        let descriptor = SocketSpellings.tcpSocket()
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound, Foundation.listen(descriptor, 128) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private static func connect(to port: UInt16) {
        let descriptor = SocketSpellings.tcpSocket()
        guard descriptor >= 0 else { return }
        var address = loopback(port: port)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        close(descriptor)
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }
}
