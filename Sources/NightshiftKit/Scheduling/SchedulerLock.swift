import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One daemon per lanes file: an exclusive `flock` on a lock file. The kernel drops the lock when
/// the process dies, however it dies, so a crashed daemon never leaves it stuck.
public final class SchedulerLock: Sendable {
    public let path: String
    private let descriptor: Int32

    /// - Throws: `SchedulerLockError.alreadyRunning` when another daemon holds the lock.
    public init(path: String) throws(SchedulerLockError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            let holder = (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            throw .alreadyRunning(path: path, pid: holder)
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
        self.descriptor = descriptor
    }

    /// The lock of the daemon for `lanesFile`: beside the file, in its `.nightshift` folder, named
    /// after it, so two daemons on one file find the same lock whatever their working directory.
    public static func path(forLanesFile lanesFile: String, currentDirectory: String) -> String {
        let absolute = lanesFile.hasPrefix("/") ? lanesFile : currentDirectory + "/" + lanesFile
        let resolved = URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
        let folder = (resolved as NSString).deletingLastPathComponent
        return folder + "/.nightshift/" + (resolved as NSString).lastPathComponent + ".scheduler.lock"
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
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
