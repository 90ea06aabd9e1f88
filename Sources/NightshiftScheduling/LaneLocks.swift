import NightshiftCore
import NightshiftSystem
/// Whether a lane's `nightshift run` child is alive, whoever started it. The daemon's own record
/// of its children dies with the daemon; after a crash (`kill -9`) their children run on, and only
/// this tells the restarted daemon that a lane is still running.
public protocol LaneLocks: Sendable {
    /// True while a process holds the lane's lock.
    func isHeld(lane: String) -> Bool
}

/// The lane locks as files, `<state>/locks/<lane>.lock`. The launcher names a lane's file to its
/// child in `NIGHTSHIFT_LANE_LOCK`; `nightshift run` holds a `FileLock` on it for its whole life,
/// and refuses to run when another process holds it. The daemon only tries the lock and lets go.
public struct LaneLockFiles: LaneLocks {
    /// Names the lock file to a `nightshift run` launched by the scheduler.
    public static let variable = NightshiftVariable.laneLock.name

    public let folder: String

    /// - Parameter stateDirectory: the `.nightshift` folder the daemon and its children share.
    public init(stateDirectory: String) {
        folder = stateDirectory + "/locks"
    }

    public func path(lane: String) -> String {
        "\(folder)/\(lane).lock"
    }

    public func isHeld(lane: String) -> Bool {
        FileLock.isHeld(path: path(lane: lane))
    }
}
