import Foundation

/// A step's process group, led by the process nightshift spawned (its pid is the group id).
///
/// Signals go to the whole group so a shell script's children stop with it. It is only safe to
/// signal the group while the leader has not been reaped: until then its pid, and so the group
/// id, cannot be reused by an unrelated process. The runner therefore does all signalling before
/// it lets Subprocess reap the leader.
struct ProcessGroup: Sendable {
    let leader: pid_t

    func send(_ signal: Int32) {
        _ = kill(-leader, signal)
    }

    /// Whether the leader has ended, without reaping it (`WNOWAIT`), so the group id stays ours.
    var leaderHasExited: Bool {
        var info = siginfo_t()
        let status = waitid(P_PID, id_t(leader), &info, WEXITED | WNOHANG | WNOWAIT)
        // Linux zeroes `info` when nothing is waitable, so a set signo means the leader ended;
        // an error (ECHILD) means it was already reaped, which is an exit as well.
        return status != 0 || info.si_signo == SIGCHLD
    }

    /// Sends `firstSignal` to the group, waits up to `gracePeriod` for the leader to end, then
    /// sends SIGKILL to the group so that descendants that ignored the first signal die too.
    func terminate(firstSignal: Int32, gracePeriod: Duration) async {
        send(firstSignal)
        _ = await waitForLeaderExit(within: gracePeriod, unless: { false })
        send(SIGKILL)
    }

    /// Polls for the leader's end until `limit` (if any) passes or `interrupt` returns true.
    /// Polling starts at 200 µs because the usual caller has just seen the output close, which
    /// normally means the leader is ending this very moment.
    /// - Returns: whether the leader has ended.
    func waitForLeaderExit(within limit: Duration?, unless interrupt: @Sendable () -> Bool) async -> Bool {
        let clock = ContinuousClock()
        let deadline = limit.map { clock.now.advanced(by: $0) }
        var pause = Duration.microseconds(200)
        while !leaderHasExited {
            if interrupt() { return false }
            if let deadline, clock.now >= deadline { return false }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(20))
        }
        return true
    }
}
