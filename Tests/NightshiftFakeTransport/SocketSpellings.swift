import Foundation

/// What Swift's Glibc and Darwin importers spell differently for the test servers' sockets
/// (`LocalHTTPServer`, Delivery's `RawHTTPServer`). Only tests open sockets themselves, so this
/// stays in test support rather than in the system layer.
public enum SocketSpellings {
    /// A close-on-exec TCP socket: processes other tests spawn meanwhile must not hold these
    /// connections open. Linux sets the flag atomically (SOCK_CLOEXEC, an enum case there);
    /// Darwin has no SOCK_CLOEXEC, so fcntl follows at once.
    public static func tcpSocket() -> Int32 {
        #if os(Linux)
        return socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return descriptor
        #endif
    }

    /// Sends without SIGPIPE when the peer has gone: MSG_NOSIGNAL on Linux; Darwin has no such
    /// flag and sets SO_NOSIGPIPE on the socket instead.
    public static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
        #if os(Linux)
        _ = bytes.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        #else
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        _ = bytes.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, bytes.count, 0) }
        #endif
    }

    /// Makes `close` reset the connection (RST) instead of ending it (FIN): SO_LINGER with a zero
    /// timeout, the same on both.
    public static func resetOnClose(_ descriptor: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }
}
