internal import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// One run at a time per keychain file (issue #26 §7), held from before the keychain is created
/// until after cleanup deletes it.
///
/// A named keychain (`keychain: { name: ci }`) is one file for every run of the user:
/// two signing lanes under `--parallel`, or in two Jenkins executors, each deleted "a keychain a
/// crashed run left" (the other's), one lane's cleanup deleted the other's, both archives failed
/// and cleanup warned of a keychain "left behind" that it had not left. Of the three ways out,
/// this is the one that keeps the name meaning what the user wrote: a per-run file would break
/// scripts and tools that look the keychain up by its name, and refusing would fail a weekly job
/// whenever a colleague's build overlaps it. The second run waits, saying which lane and run
/// holds the keychain; the wait counts against the step's `timeout` and the lane's, and an
/// interrupt ends it. An unnamed keychain lives in the run's own folder, so its lock is never
/// contended.
///
/// The lock is a `FileNamedLocks` lock beside the keychain (`.<file>.nightshift.lock` in its
/// folder): a flock, so a crashed holder frees it, and its `.holder` file names the holder.
/// One lane signing twice (a `package` after an `import_certificate`) takes it once.
final class KeychainLock: Sendable {
    private let held = LockedValue([String: (owner: ObjectIdentifier, lock: FileLock)]())

    static let pollInterval = Duration.milliseconds(50)

    /// Takes the lock of `keychain` for the lane whose cleanup is `context.cleanup`, waiting while
    /// another run (or lane) holds it, and registers its release as cleanup, to run after the
    /// keychain's deletion (pushed before it, so popped after it).
    func acquire(_ keychain: String, in context: StepContext) async throws {
        let owner = ObjectIdentifier(context.cleanup)
        if held.withLock({ $0[keychain]?.owner == owner }) { return }
        let url = URL(fileURLWithPath: keychain)
        let store = FileNamedLocks(folder: url.deletingLastPathComponent().path)
        let name = ".\(url.lastPathComponent).nightshift"
        var announced: NamedLockHolder?
        while true {
            let me = NamedLockHolder(lane: context.lane.name, runID: context.folders.runID, pid: 0, since: context.clock.now)
            if let taken = try store.tryLock(name, as: me) {
                held.withLock { $0[keychain] = (owner, taken) }
                await context.cleanup.push("release the lock of keychain \(keychain)") { [self] in
                    held.withLock { _ = $0.removeValue(forKey: keychain) }
                }
                return
            }
            let holder = store.holder(of: name)
            if announced == nil || holder != announced {
                let who = holder?.description ?? "held by another process"
                await context.log("waits for keychain \(keychain), \(who)", to: .standardError)
                announced = holder ?? announced
            }
            try await context.clock.sleep(for: Self.pollInterval)
        }
    }
}
