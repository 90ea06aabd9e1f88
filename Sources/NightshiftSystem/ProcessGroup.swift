import Foundation
internal import CNightshiftSystem

/// A step's process group, led by the process nightshift spawned (its pid is the group id).
///
/// Signals go to the whole group so a shell script's children stop with it. It is only safe to
/// signal the group while the leader has not been reaped: until then its pid, and so the group
/// id, cannot be reused by an unrelated process. The runner therefore does all signalling before
/// it reaps the leader.
struct ProcessGroup: Sendable {
    let leader: pid_t

    func send(_ signal: Int32) {
        _ = kill(-leader, signal)
    }

    /// Whether the leader has ended, without reaping it (`WNOWAIT`), so the group id stays ours.
    var leaderHasExited: Bool {
        nightshift_has_exited(leader) != 0
    }

    /// Blocks the calling thread until the leader has ended, without reaping it. Only for a
    /// thread of nightshift's own (the output pump's), never the cooperative pool.
    func blockUntilLeaderExits() {
        nightshift_wait_until_exited(leader)
    }

    /// Sends `firstSignal` to the group, waits up to `gracePeriod` for the leader to end, then
    /// sends SIGKILL to the group so that descendants that ignored the first signal die too.
    func terminate(firstSignal: Int32, gracePeriod: Duration) async {
        send(firstSignal)
        _ = await waitForLeaderExit(within: gracePeriod)
        send(SIGKILL)
    }

    /// Polls for the leader's end until `limit` passes.
    /// - Returns: whether the leader has ended.
    func waitForLeaderExit(within limit: Duration) async -> Bool {
        await ExitPolling.until(within: limit) { leaderHasExited }
    }
}
