import Foundation
import NightshiftSystem

/// One daemon per lanes file: a `FileLock` on a file beside it, so a crashed daemon never leaves
/// it stuck.
public final class SchedulerLock: Sendable {
    private let lock: FileLock

    public var path: String { lock.path }

    /// - Throws: `SchedulerLockError.alreadyRunning` when another daemon holds the lock.
    public init(path: String) throws(SchedulerLockError) {
        do {
            lock = try FileLock(path: path)
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
    public static func path(forLanesFile lanesFile: String, currentDirectory: String) -> String {
        let absolute = lanesFile.hasPrefix("/") ? lanesFile : currentDirectory + "/" + lanesFile
        let resolved = URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
        let folder = (resolved as NSString).deletingLastPathComponent
        return folder + "/.nightshift/" + (resolved as NSString).lastPathComponent + ".scheduler.lock"
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
