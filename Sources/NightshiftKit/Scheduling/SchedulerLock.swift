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
            throw .alreadyRunning(path: path)
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

public enum SchedulerLockError: Error, Sendable, Hashable, CustomStringConvertible {
    case alreadyRunning(path: String)
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case .alreadyRunning(let path): "another nightshift scheduler is already running for this file (lock \(path))"
        case .cannotOpen(let path, let reason): "cannot open the scheduler lock \(path): \(reason)"
        }
    }
}
