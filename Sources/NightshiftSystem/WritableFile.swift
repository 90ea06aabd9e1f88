import Foundation

/// A file opened for writing from its start (created, or emptied if it exists), close-on-exec,
/// written with `write(2)` straight from the caller's buffer: no `FileHandle` buffering and no
/// copy, for the step logs, which take every byte a step prints.
public final class WritableFile {
    public let path: String
    private var descriptor: Int32
    /// The first write (or close) that failed, with the system's reason ("No space left on
    /// device"): a log cut short must be reported, not left looking whole.
    public private(set) var failure: SystemCallError?

    public init(creatingOrTruncating path: String) throws(SystemCallError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .last("cannot write '\(path)'") }
        self.path = path
        self.descriptor = descriptor
    }

    /// A new file beside `destination`, made by `TemporaryFile` (exclusively, under a name of its
    /// own, never through a link), to be renamed over `destination` once whole; `path` is its name.
    public init(temporaryBeside destination: String, permissions: UInt16 = 0o644) throws(SystemCallError) {
        (descriptor, path) = try TemporaryFile.create(beside: destination, permissions: permissions)
    }

    deinit { close() }

    /// Writes the whole buffer. - Returns: false when a write failed (a full disk); the rest of
    /// the buffer is then dropped.
    @discardableResult
    public func write(_ buffer: UnsafeRawBufferPointer) -> Bool {
        guard descriptor >= 0 else {
            if failure == nil { failure = SystemCallError("cannot write '\(path)'", code: EBADF) }
            return false
        }
        let written = DescriptorWriter.writeAll(descriptor, buffer)
        if !written, failure == nil { failure = .last("cannot write '\(path)'") }
        return written
    }

    /// Closes the file; later writes fail. Idempotent. Some file systems (NFS) report a full
    /// disk only here, so a failed close counts as a failed write.
    public func close() {
        if descriptor >= 0, Foundation.close(descriptor) != 0, failure == nil { failure = .last("cannot write '\(path)'") }
        descriptor = -1
    }
}
