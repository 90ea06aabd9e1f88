public import NightshiftSystem

/// One daemon per lanes file: a `FileLock` on a file beside it, so a crashed daemon never leaves
/// it stuck; and, since a path does not name a file uniquely (a hard link, a folder mounted
/// twice, another spelling on a case-insensitive disk), a second one named after the file's
/// device and inode in a folder every daemon of the user shares. Both must be free.
///
/// The one beside the file stays: an editor that saves by replacing the file gives it a new
/// inode, and a daemon started after that must still see the first one.
public final class SchedulerLock: Sendable {
    private let lock: FileLock
    private let identityLock: FileLock?

    public var path: String { lock.path }

    /// - Throws: `SchedulerLockError.alreadyRunning` when another daemon holds the lock.
    public init(path: String) throws(SchedulerLockError) {
        lock = try Self.take(path)
        identityLock = nil
    }

    /// The locks of the daemon for `lanesFile`: beside it (`path(forLanesFile:…)`) and
    /// `<identityFolder>/<device>-<inode>.lock`.
    /// - Throws: `SchedulerLockError.alreadyRunning` when another daemon holds either.
    public init(lanesFile: AbsolutePath, identityFolder: String) throws(SchedulerLockError) {
        let absolute = lanesFile.string
        let identity: FileIdentity
        do {
            identity = try FileIdentity(path: absolute)
        } catch {
            throw .cannotOpen(path: absolute, reason: error.reason)
        }
        // This one first: once the lock beside the file names this daemon's pid, both are held.
        identityLock = try Self.take("\(identityFolder)/\(identity).lock")
        lock = try Self.take(Self.path(forLanesFile: lanesFile))
    }

    private static func take(_ path: String) throws(SchedulerLockError) -> FileLock {
        do {
            return try FileLock(path: path)
        } catch {
            switch error {
            case .held(let path, let pid): throw .alreadyRunning(path: path, pid: pid)
            case .cannotOpen(let path, let reason): throw .cannotOpen(path: path, reason: reason)
            case .notALockFile(let path): throw .cannotOpen(path: path, reason: "it holds something other than a nightshift lock")
            }
        }
    }

    /// The lock of the daemon for `lanesFile`: beside the file, in its `.nightshift` folder, named
    /// after it, so two daemons on one file find the same lock whatever their working directory.
    /// Symlinks are resolved, so a daemon started through a linked folder finds the same lock
    /// (on macOS also `/tmp/…` and `/private/tmp/…`).
    public static func path(forLanesFile lanesFile: AbsolutePath) -> String {
        let resolved = lanesFile.standardized.resolvingSymlinks()
        return resolved.parent.appending(".nightshift/\(resolved.lastComponent).scheduler.lock").string
    }
}

public enum SchedulerLockError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `pid` is the holder's, as it wrote it into the lock file.
    case alreadyRunning(path: String, pid: Int32?)
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case .alreadyRunning(let path, let pid):
            "another nightshift scheduler\(pid.map { " (pid \($0))" } ?? "") is already running for this file (lock \(path))"
        case .cannotOpen(let path, let reason): "cannot open the scheduler lock \(path): \(reason)"
        }
    }
}
