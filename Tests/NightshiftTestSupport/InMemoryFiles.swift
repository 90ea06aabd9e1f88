import Foundation
public import NightshiftSystem

/// Files that exist only in memory, for a command run in process: what `FileReading` finds, and
/// how often each path was read (a run reads its `.env` stack once).
// @unchecked: `files` and `reads` are read and written under `lock` (NSLock: Synchronization's
// Mutex needs macOS 15).
public final class InMemoryFiles: FileReading, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [AbsolutePath: FileContents] = [:]
    private var reads: [AbsolutePath: Int] = [:]

    public init() {}

    /// `text` at `path` (absolute), replacing what was there.
    public func write(_ text: String, to path: String) throws {
        let path = try AbsolutePath(validating: path)
        lock.withLock { files[path] = .bytes(Data(text.utf8)) }
    }

    /// Something at `path` that cannot be read (as a file without read permission).
    public func makeUnreadable(_ path: String) throws {
        let path = try AbsolutePath(validating: path)
        lock.withLock { files[path] = .unreadable("Permission denied") }
    }

    public func contents(of path: AbsolutePath) -> FileContents {
        lock.withLock {
            reads[path, default: 0] += 1
            return files[path] ?? .missing
        }
    }

    /// How many times `path` (absolute) was read, present or not.
    public func readCount(of path: String) -> Int {
        guard let path = try? AbsolutePath(validating: path) else { return 0 }
        return lock.withLock { reads[path] ?? 0 }
    }
}
