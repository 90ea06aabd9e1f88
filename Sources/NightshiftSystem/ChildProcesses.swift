import Foundation
internal import CNightshiftSystem

/// What nightshift knows of its own children: which are step leaders (spawned by
/// `ProcessSpawner`, reaped by their runner) and which orphans an `OrphanReaper` has claimed.
/// Everything else that is our child can only be an orphaned descendant of a step, re-parented to
/// us because we are a child subreaper (Linux; see `adoptOrphanedDescendants`).
///
/// One instance per process, because children are: two runners (an upload performer's parallel
/// commands) must see each other's leaders.
final class ChildProcesses: Sendable {
    static let shared = ChildProcesses()

    private struct State {
        var leaders: Set<pid_t> = []
        var claimed: Set<pid_t> = []
        var adopting = false
    }

    private let state = LockedValue(State())

    /// Whether orphaned descendants come to us (`becomeSubreaper` succeeded).
    var adoptsOrphans: Bool { state.withLock { $0.adopting } }

    func becomeSubreaper() -> Bool {
        let adopted = nightshift_become_child_subreaper() == 0
        state.withLock { $0.adopting = adopted }
        return adopted
    }

    /// Runs `spawn` and records the pid it returns as a step leader, under the lock that
    /// `claimOrphans` takes: a leader just spawned is never taken for an orphan.
    func spawnLeader<Failure: Error>(_ spawn: () throws(Failure) -> pid_t) throws(Failure) -> pid_t {
        try state.withLock { (state: inout State) throws(Failure) -> pid_t in
            let pid = try spawn()
            state.leaders.insert(pid)
            return pid
        }
    }

    /// Reaps a leader that has ended (`reap` must not block) and forgets it, both under the lock:
    /// forgotten before, it could be taken for an orphan while still our child; after, its pid
    /// could already lead another runner's step, whose record this would erase.
    func reapLeader<Result>(_ pid: pid_t, _ reap: () -> Result) -> Result {
        state.withLock { state in
            let result = reap()
            state.leaders.remove(pid)
            return result
        }
    }

    /// Our children that are neither leaders nor claimed by another sweep, now claimed by the
    /// caller; none while any step is running, since an orphan cannot be told apart from one
    /// that a running step's descendant left behind on purpose (a parallel upload's helper).
    func claimOrphans() -> [pid_t] {
        state.withLock { state in
            guard state.adopting, state.leaders.isEmpty else { return [] }
            let orphans = ChildProcessList.current().filter { !state.claimed.contains($0) }
            state.claimed.formUnion(orphans)
            return orphans
        }
    }

    /// Gives back claims once the orphans are reaped (or could not be).
    func release(_ pids: [pid_t]) {
        state.withLock { $0.claimed.subtract(pids) }
    }
}
