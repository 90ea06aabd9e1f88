import Foundation

/// A file for data too large to hold in memory (a huge test run's cases): created exclusively
/// under a name no one can guess, owner-only, and unlinked at once, so no other process can open
/// it and it vanishes when the process ends, however it ends. Written and read at offsets
/// (`pwrite`/`pread`: the same calls, and a 64-bit `off_t`, on macOS and Linux; unlinking an
/// open file keeps its data until the last close on both).
public final class ScratchFile: Sendable {
    /// -1 once closed.
    private let descriptor: LockedValue<Int32>

    /// A new scratch file in `directory`.
    public init(in directory: String) throws(SystemCallError) {
        let prefix = (directory.hasSuffix("/") ? directory : directory + "/") + ".nightshift-scratch.\(getpid())."
        for _ in 0..<8 {
            let path = prefix + "\(UInt64.random(in: 0...UInt64.max))"
            let opened = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(0o600))
            if opened >= 0 {
                _ = unlink(path)
                descriptor = LockedValue(opened)
                return
            }
            guard errno == EEXIST else { throw .last("cannot make a scratch file in '\(directory)'") }
        }
        throw SystemCallError("cannot make a scratch file in '\(directory)'", code: EEXIST)
    }

    deinit { close() }

    /// Writes all of `bytes` at `offset`.
    public func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(SystemCallError) {
        guard let base = bytes.baseAddress else { return }
        let done = try whole(bytes.count, "cannot write a scratch file") { descriptor, done in
            pwrite(descriptor, base + done, bytes.count - done, off_t(offset + Int64(done)))
        }
        guard done == bytes.count else { throw SystemCallError("cannot write a scratch file", code: EIO) }
    }

    /// Reads up to `buffer.count` bytes from `offset`; fewer only at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemCallError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return try whole(buffer.count, "cannot read a scratch file") { descriptor, done in
            pread(descriptor, base + done, buffer.count - done, off_t(offset + Int64(done)))
        }
    }

    /// Repeats `call` (given the descriptor and the bytes done so far) until `count` bytes are
    /// done or it moves none, retrying EINTR. - Returns: the bytes done.
    private func whole(_ count: Int, _ action: String, _ call: (Int32, Int) -> Int) throws(SystemCallError) -> Int {
        let descriptor = self.descriptor.withLock { $0 }
        var done = 0
        while done < count {
            let moved = call(descriptor, done)
            if moved < 0 {
                if errno == EINTR { continue }
                throw .last(action)
            }
            if moved == 0 { break }
            done += moved
        }
        return done
    }

    /// Closes the file (its data goes with it). Idempotent.
    public func close() {
        let descriptor = self.descriptor.withLock { current in
            defer { current = -1 }
            return current
        }
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
    }
}
