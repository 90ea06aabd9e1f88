import Crypto
import Foundation
import NightshiftCore
import NightshiftSystem

/// SHA-256 of text, files and folders, read in chunks so memory stays flat for a multi-gigabyte
/// .xcarchive.
///
/// Only regular files and folders are artifacts (issue #26 §2): `outputs: [/dev/zero]` was hashed
/// forever and a FIFO blocked its open, both after the step passed and deaf to SIGTERM, and a
/// crafted journal did the same under `--resume --dry-run`. A path's kind is looked at first
/// (`FileKind`, lstat), files are opened non-blocking and checked again once open (`ReadableFile`),
/// and reading stops between chunks once the run is interrupted.
public enum ContentDigest {
    static let chunkSize = 1 << 20

    /// `isInterrupted` (below) is asked between chunks: an interrupted digest is nil (the artifact
    /// proves nothing, so the step is not reused later). A parameter, not a task-local: a
    /// task-local's synchronous `withValue` in the step loop crashed the release binary
    /// (`swift_task_localValuePush`, static stdlib, Swift 6.3.1), which debug builds never showed.
    public typealias Interruption = @Sendable () -> Bool

    static func sha256(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).hexString
    }

    /// Why the declared output at `path` cannot be an artifact, or nil: anything but a regular
    /// file or a folder (links followed), named with its kind.
    static func problem(with path: String) -> String? {
        guard FileKind.of(path, followingLinks: true) == .other else { return nil }
        let kind = FileKind.special(path, followingLinks: true) ?? "no file"
        return "output '\(path)' is \(kind), not a file or a folder: only those can be kept and checked on --resume"
    }

    /// The artifact at `path` as it is now (a link to a file or a folder is followed); nil when
    /// nothing is there, it is neither a file nor a folder, it cannot be read, or the run was
    /// interrupted meanwhile.
    static func artifact(at path: String, isInterrupted: Interruption = { false }) -> JournalArtifact? {
        switch FileKind.of(path, followingLinks: true) {
        case .directory:
            return directory(path, isInterrupted: isInterrupted).map {
                JournalArtifact(path: path, size: $0.size, sha256: $0.sha256, directory: true)
            }
        case .regular:
            return file(path, isInterrupted: isInterrupted).map {
                JournalArtifact(path: path, size: $0.size, sha256: $0.sha256, directory: false)
            }
        default:
            return nil
        }
    }

    public static func file(_ path: String, isInterrupted: Interruption = { false }) -> (size: Int64, sha256: String)? {
        // Non-blocking, and refused once open unless regular: a FIFO swapped in after the kind
        // was looked at cannot block or feed this forever either.
        guard let handle = try? ReadableFile(path: path) else { return nil }
        defer { handle.close() }
        var hasher = SHA256()
        var size: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while !isInterrupted() {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try handle.read(into: $0.baseAddress!, count: chunkSize) }
            } catch {
                return nil
            }
            guard count > 0 else { return (size, hasher.finalize().hexString) }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            size += Int64(count)
        }
        return nil
    }

    /// A folder's digest: each entry's relative path and kind, in sorted order, with a file's
    /// size and content digest and a link's target (not followed: a link out of the archive is
    /// not the archive's content, and a link loop is not walked). Size is the sum of the files'.
    /// A FIFO, device or socket inside is recorded by name, never opened.
    static func directory(_ path: String, isInterrupted: Interruption = { false }) -> (size: Int64, sha256: String)? {
        let manager = FileManager.default
        guard let entries = manager.subpaths(atPath: path) else { return nil }
        var hasher = SHA256()
        var size: Int64 = 0
        for entry in entries.sorted() {
            if isInterrupted() { return nil }
            let full = "\(path)/\(entry)"
            let line: String
            switch FileKind.of(full) {
            case .directory: line = "d \(entry)"
            case .symlink: line = "l \(entry) -> \((try? manager.destinationOfSymbolicLink(atPath: full)) ?? "")"
            case .regular:
                guard let digest = file(full, isInterrupted: isInterrupted) else { return nil }
                size += digest.size
                line = "f \(entry) \(digest.size) \(digest.sha256)"
            case .other: line = "o \(entry)"
            case .absent, nil: return nil
            }
            hasher.update(data: Data((line + "\n").utf8))
        }
        return (size, hasher.finalize().hexString)
    }
}

extension ContentDigest {
    static func sha256(bytes: Data) -> String {
        SHA256.hash(data: bytes).hexString
    }
}
