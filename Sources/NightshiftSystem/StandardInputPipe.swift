import Foundation

/// The pipe that carries a command's `standardInput` bytes (passwords for `security`, never
/// argv). The child gets the read end; the bytes are written on a thread of nightshift's own,
/// since a child that reads slowly, or not at all, would otherwise block the caller once the
/// pipe is full. The write end is closed after the last byte, so the child sees end-of-file;
/// a child that exits without reading makes the write fail with EPIPE (nightshift ignores
/// SIGPIPE), which ends the writing too.
final class StandardInputPipe: Sendable {
    let read: Int32
    private let write: Int32

    init() throws(ShellRunnerError) {
        (read, write) = try StepPipes.makePipe(nonBlockingRead: false)
    }

    /// Closes the child's end; call once the child holds its own copy (or failed to start).
    func closeChildEnd() {
        Foundation.close(read)
    }

    /// Writes `bytes`, then closes the pipe. Call once, after the spawn (or after a failed one,
    /// with no bytes, just to close it).
    func feed(_ bytes: [UInt8]) {
        // A fresh pipe takes at least PIPE_BUF (4 KiB) bytes without blocking: a password needs
        // no thread.
        guard bytes.count > 4096 else {
            Self.writeAll(bytes, to: write)
            return
        }
        BlockingThreads.shared.run { [write] in Self.writeAll(bytes, to: write) }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        _ = bytes.withUnsafeBytes { DescriptorWriter.writeAll(descriptor, $0) }
        Foundation.close(descriptor)
    }
}
