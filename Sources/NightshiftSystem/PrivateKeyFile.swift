import Foundation

/// A small file of random bytes readable by its owner alone (0600), made once and then shared by
/// every process that needs it: the run journal's digest key in `.nightshift/journal.key`.
///
/// Two processes may find it missing at once (two Jenkins executors, `--parallel` lanes). Each
/// writes its own candidate to a temporary file created with `O_EXCL` and mode 0600, then
/// `link(2)`s it to the name: the link is atomic and fails with EEXIST for every process but
/// the first, which then read the winner's file. A reader therefore never sees a half-written
/// key, and no process ever replaces another's. `link` is POSIX and behaves alike on macOS
/// (APFS, HFS+) and Linux; a file system without hard links (some network mounts) fails the
/// call, and the caller goes on without a persistent key.
public enum PrivateKeyFile {
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case system(SystemCallError)
        /// Not a regular file, or not exactly the expected number of bytes.
        case notAKey(path: String, reason: String)

        public var description: String {
            switch self {
            case .system(let error): error.description
            case .notAKey(let path, let reason): "'\(path)' is not a key file: \(reason)"
            }
        }
    }

    /// The key at `path`; made from `fresh()` first when there is none.
    public static func loadOrCreate(_ path: String, length: Int, fresh: () -> [UInt8]) throws(Problem) -> [UInt8] {
        if let key = try load(path, length: length) { return key }
        try create(path, with: fresh())
        guard let key = try load(path, length: length) else { throw .system(SystemCallError("cannot read '\(path)'", code: ENOENT)) }
        return key
    }

    /// The key, or nil when there is no file at `path`. A link is not followed: the key is
    /// never read from, or written through, a name someone else pointed elsewhere.
    public static func load(_ path: String, length: Int) throws(Problem) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .system(.last("cannot read '\(path)'"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .notAKey(path: path, reason: "not a regular file")
        }
        // One byte more than a key: a longer file is no key either.
        let capacity = length + 1
        var key = [UInt8](repeating: 0, count: capacity)
        var filled = 0
        while filled < capacity {
            let count = key.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, capacity - filled) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .system(.last("cannot read '\(path)'")) }
            if count == 0 { break }
            filled += count
        }
        guard filled == length else { throw .notAKey(path: path, reason: "it holds \(filled) bytes, not \(length)") }
        return Array(key.prefix(length))
    }

    private static func create(_ path: String, with key: [UInt8]) throws(Problem) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .system(.last("cannot write '\(path)'")) }
        defer { unlink(temporary) }
        var failure =
            key.withUnsafeBytes { DescriptorWriter.writeAll(descriptor, $0) } ? nil : SystemCallError.last("cannot write '\(path)'")
        if failure == nil, fsync(descriptor) != 0 { failure = .last("cannot write '\(path)'") }
        if close(descriptor) != 0, failure == nil { failure = .last("cannot write '\(path)'") }
        if let failure { throw .system(failure) }
        // EEXIST: another process made it first; its key is the one to use.
        if link(temporary, path) != 0, errno != EEXIST { throw .system(.last("cannot create '\(path)'")) }
    }
}
