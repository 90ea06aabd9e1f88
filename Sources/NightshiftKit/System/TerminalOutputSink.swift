import Foundation

/// The real terminal: standard output and error, written through unbuffered file descriptors.
public final class TerminalOutputSink: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    public let isInteractive: Bool

    public init() {
        isInteractive = isatty(STDOUT_FILENO) == 1
    }

    public func write(_ text: String, to channel: OutputChannel) {
        let descriptor = channel == .standardOutput ? STDOUT_FILENO : STDERR_FILENO
        lock.withLock {
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 { if errno == EINTR { continue } else { return } }
                bytes = bytes.dropFirst(written)
            }
        }
    }
}
