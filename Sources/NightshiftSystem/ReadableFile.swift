public import Foundation

/// A regular file opened for reading, close-on-exec, with its size as it was when opened: for
/// bodies streamed from disk piece by piece, so memory stays flat whatever the file's size.
public final class ReadableFile: Sendable {
    public let path: String
    /// The file's size when it was opened.
    public let size: Int64
    /// -1 once closed.
    private let descriptor: LockedValue<Int32>

    public enum OpenError: Error, Sendable {
        case failed(SystemCallError)
        /// A folder, a FIFO, a device: nothing with a size known up front.
        case notARegularFile
    }

    /// Opened non-blocking (issue #26 §2): opening a FIFO for reading waits for a writer, maybe
    /// forever, before `fstat` can tell it is no file. A regular file's reads ignore the flag.
    public init(path: String) throws(OpenError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .failed(.last("cannot read '\(path)'")) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            _ = Foundation.close(descriptor)
            throw .notARegularFile
        }
        self.path = path
        self.descriptor = LockedValue(descriptor)
        self.size = Int64(info.st_size)
    }

    deinit { close() }

    /// Reads up to `count` bytes into `buffer`, retrying on EINTR.
    /// - Returns: the bytes read, 0 at end-of-file.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(SystemCallError) -> Int {
        let descriptor = self.descriptor.withLock { $0 }
        guard descriptor >= 0 else { throw SystemCallError("cannot read '\(path)'", code: EBADF) }
        var result: Int
        repeat {
            result = Foundation.read(descriptor, buffer, count)
        } while result < 0 && errno == EINTR
        guard result >= 0 else { throw .last("cannot read '\(path)'") }
        return result
    }

    /// Up to `count` bytes from the read position, as one chunk; empty at end-of-file.
    public func read(upToCount count: Int) throws(SystemCallError) -> Data {
        // An empty Data has no storage to read into.
        guard count > 0 else { return Data() }
        // Read into the chunk itself, then cut to what came: one allocation, no copy.
        var chunk = Data(count: count)
        let read = try chunk.withUnsafeMutableBytes { raw in
            Result { () throws(SystemCallError) -> Int in try self.read(into: raw.baseAddress!, count: count) }
        }.get()
        chunk.count = read
        return chunk
    }

    /// Moves the read position to `offset` bytes from the start (`lseek`, the same call and
    /// `SEEK_SET` on macOS and Linux; `off_t` is 64 bits on both).
    public func seek(to offset: Int64) throws(SystemCallError) {
        let descriptor = self.descriptor.withLock { $0 }
        guard descriptor >= 0 else { throw SystemCallError("cannot read '\(path)'", code: EBADF) }
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw .last("cannot seek in '\(path)'") }
    }

    /// Closes the file; later reads fail. Idempotent.
    public func close() {
        let descriptor = self.descriptor.withLock { current in
            defer { current = -1 }
            return current
        }
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
    }
}
