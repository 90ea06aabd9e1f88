import Foundation
internal import CNightshiftSystem

/// An exclusive `flock` on a file, held until this value goes away. The kernel drops the lock when
/// the holding process dies, however it dies (`kill -9` included), so a crash never leaves it
/// stuck. The holder writes its pid into the file, for messages naming it.
///
/// The scheduler daemon holds one per lanes file (`SchedulerLock`); each `nightshift run` the
/// daemon launches holds one for its lane (`LaneLockFiles`).
public final class FileLock: Sendable {
    public let path: String
    /// The open lock file. A process given a copy (`ShellCommand.inheritedDescriptors`) shares
    /// the lock: it stays held until this value lets go (an explicit unlock, for every copy) or,
    /// if this process dies first, until the last copy closes.
    public let descriptor: Int32

    /// Takes the lock without waiting, creating the file and its folder if needed. The descriptor
    /// is close-on-exec: the lock belongs to this process, not to the processes it starts.
    /// - Throws: `FileLockError.held` when another process (or another `FileLock` here) holds it.
    /// With `waiting`, blocks the calling thread until the holder lets go, instead of throwing
    /// `.held`: for work that must wait its turn (a build number read and recorded), run on a
    /// thread of its own (`AbandonableWork`), never polled.
    public init(path: String, waiting: Bool = false) throws(FileLockError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        guard (waiting ? nightshift_lock_waiting(descriptor) : nightshift_try_lock(descriptor)) == 0 else {
            close(descriptor)
            throw .held(path: path, pid: Self.holder(of: path))
        }
        // A path that names someone else's file (`NIGHTSHIFT_LANE_LOCK=lanes.yml` by mistake) is
        // refused before the pid is written over it.
        guard Self.isLockFile(path) else {
            nightshift_unlock(descriptor)
            close(descriptor)
            throw .notALockFile(path: path)
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
        self.descriptor = descriptor
    }

    /// Whether someone holds the lock at `path` now: tries it without waiting and lets go at once.
    /// Writes nothing; a missing file is a free lock.
    public static func isHeld(path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let failure = nightshift_try_lock(descriptor)
        guard failure == 0 else { return failure == EWOULDBLOCK }
        nightshift_unlock(descriptor)
        return false
    }

    /// A regular file that is empty or holds a pid as nightshift writes it: nothing else.
    static func isLockFile(_ path: String) -> Bool {
        guard FileKind.of(path) == .regular,
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        else { return false }
        return size == 0 || (size <= 24 && holder(of: path) != nil)
    }

    /// The pid the holder wrote into the file, if it reads as one.
    public static func holder(of path: String) -> Int32? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    deinit {
        nightshift_unlock(descriptor)
        close(descriptor)
    }
}

public enum FileLockError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `pid` is the holder's, as it wrote it into the file.
    case held(path: String, pid: Int32?)
    case cannotOpen(path: String, reason: String)
    case notALockFile(path: String)

    public var description: String {
        switch self {
        case .held(let path, let pid): "\(path) is locked\(pid.map { " by pid \($0)" } ?? "")"
        case .cannotOpen(let path, let reason): "cannot open the lock \(path): \(reason)"
        case .notALockFile(let path): "\(path) is not a nightshift lock file (it holds something else), so it is left as it is"
        }
    }
}
