import Foundation

/// A file opened for writing from its start (created, or emptied if it exists), close-on-exec,
/// written with `write(2)` straight from the caller's buffer: no `FileHandle` buffering and no
/// copy, for the step logs, which take every byte a step prints.
public final class WritableFile {
    public let path: String
    private var descriptor: Int32
    /// Why the last failed write failed (ENOSPC for a full disk, EBADF once closed).
    public private(set) var lastFailure: SystemCallError?

    public init(creatingOrTruncating path: String) throws(SystemCallError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .last("cannot write '\(path)'") }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Writes the whole buffer. - Returns: false when a write failed (a full disk); the rest of
    /// the buffer is then dropped.
    @discardableResult
    public func write(_ buffer: UnsafeRawBufferPointer) -> Bool {
        guard descriptor >= 0 else {
            lastFailure = SystemCallError("cannot write '\(path)'", code: EBADF)
            return false
        }
        guard DescriptorWriter.writeAll(descriptor, buffer) else {
            lastFailure = .last("cannot write '\(path)'")
            return false
        }
        return true
    }

    /// Closes the file; later writes fail. Idempotent.
    public func close() {
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
        descriptor = -1
    }
}
