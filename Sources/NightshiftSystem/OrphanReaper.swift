import Foundation
internal import CNightshiftSystem

/// Ends what a step left behind outside its process group. A descendant that called `setsid`
/// (or that a `set -m` shell put in a group of its own) escapes the group kill; on Linux, once
/// its parent is gone, it is re-parented to nightshift (a child subreaper), and this finds it
/// among our children, sends it `firstSignal`, waits up to `gracePeriod`, sends SIGKILL, and
/// reaps it, so that it neither outlives the step nor stays a zombie.
///
/// macOS has no subreaper: such a descendant is re-parented to launchd and this finds nothing
/// (`ChildProcesses.claimOrphans` is empty), so there only the step's process group is ended.
struct OrphanReaper: Sendable {
    let children: ChildProcesses
    let gracePeriod: Duration

    /// A few rounds, because ending an orphan re-parents its own children to us in turn; bounded,
    /// so a descendant that forks as fast as it is killed cannot hold the step forever.
    static let rounds = 8

    func reapOrphans(firstSignal: Int32) async {
        var seen = Set<pid_t>()
        for _ in 0..<Self.rounds {
            let orphans = children.claimOrphans()
            // Only those a round could not end (in uninterruptible sleep) left: the next step's
            // sweep tries again rather than this one waiting on them round after round.
            guard orphans.contains(where: { !seen.contains($0) }) else {
                children.release(orphans)
                return
            }
            seen.formUnion(orphans)
            await end(orphans, firstSignal: firstSignal)
            children.release(orphans)
        }
    }

    /// Signals each orphan by its pid: until we reap it, it stays our child, so the pid cannot
    /// have been reused by an unrelated process. Its group is not signalled: a `set -m` job
    /// leads a group of its own, whose other members are orphans of ours as well, or die with
    /// their parent's group kill in their own step.
    private func end(_ orphans: [pid_t], firstSignal: Int32) async {
        for pid in orphans { _ = kill(pid, firstSignal) }
        if await !allExit(orphans, within: gracePeriod) {
            for pid in orphans where nightshift_has_exited(pid) == 0 { _ = kill(pid, SIGKILL) }
            // A process in uninterruptible sleep may take a moment even to die of SIGKILL.
            _ = await allExit(orphans, within: .seconds(5))
        }
        for pid in orphans where nightshift_has_exited(pid) != 0 {
            var code: Int32 = 0
            var signal: Int32 = 0
            _ = nightshift_reap(pid, &code, &signal)
        }
    }

    private func allExit(_ pids: [pid_t], within limit: Duration) async -> Bool {
        await ExitPolling.until(within: limit) { pids.allSatisfy { nightshift_has_exited($0) != 0 } }
    }
}
