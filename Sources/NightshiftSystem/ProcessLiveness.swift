import Foundation

/// Whether a pid names a process that is still there: `kill(pid, 0)`, which sends nothing and only
/// checks (the same call, `ESRCH` and `EPERM` in Darwin's <sys/signal.h> and <sys/errno.h> as in
/// Glibc's). A lock file's recorded pid may be stale (its holder was killed, or a process it
/// started holds the lock now); this says whether naming it as the holder is still true.
///
/// A pid reused by an unrelated process since reads as alive, and so does a zombie (ended, not yet
/// reaped by its parent): the kernel keeps its pid until then.
public enum ProcessLiveness: Sendable, Hashable {
    case alive
    case ended
    /// `pid` is not a process id (0 or negative: a group, every process), or the check failed.
    case unknown

    public static func of(_ pid: Int32) -> ProcessLiveness {
        guard pid > 0 else { return .unknown }
        if kill(pid, 0) == 0 { return .alive }
        switch errno {
        case ESRCH: return .ended
        // Someone else's process (another user's, or one nightshift may not signal): it exists.
        case EPERM: return .alive
        default: return .unknown
        }
    }
}
