import Foundation
import NightshiftCore
import NightshiftSystem

/// Named locks around a step (`locks:` on the step or its lane, issue #19): taken in name order,
/// so two steps wanting the same two locks cannot each hold one and wait for the other. A step
/// waiting says who holds the lock and since when, once per holder; the wait counts against its
/// `timeout` and its lane's time limit, and an interrupt ends it.
extension StepExecution {
    enum LockWait {
        /// The locks (held until these values go) and how long getting them took.
        case held([FileLock], waited: Duration)
        case stopped(AttemptOutcome)
    }

    static let lockPollInterval = Duration.milliseconds(50)

    /// A dry run executes nothing, so it takes no lock either. Names that differ in case only are
    /// one lock (`FileNamedLocks.fileName`), taken once.
    var lockNames: [String] {
        runner.options.isDryRun ? [] : Array(Set((lane.locks + step.options.locks).map(FileNamedLocks.fileName(of:)))).sorted()
    }

    func acquireLocks() async -> LockWait {
        let names = lockNames
        guard !names.isEmpty else { return .held([], waited: .zero) }
        guard let store = runner.dependencies.namedLocks else {
            return .stopped(.failed("'\(identity.name)' needs named locks, and HOME is not set to keep them under", .missingSetting))
        }
        let start = execution.clock.now
        var held: [FileLock] = []
        for name in names {
            var announced: NamedLockHolder?
            var saidWaiting = false
            while true {
                do {
                    let holder = NamedLockHolder(lane: lane.name, runID: execution.folders.runID, pid: 0, since: execution.clock.now)
                    if let lock = try store.tryLock(name, as: holder) {
                        held.append(lock)
                        break
                    }
                } catch {
                    return .stopped(.failed("'\(identity.name)' cannot take lock '\(name)': \(error)", .stepFailed))
                }
                let holder = store.holder(of: name)
                if !saidWaiting || holder != announced {
                    runner.notice("'\(identity.name)' waits for lock '\(name)', \(holder?.description ?? "held by another process")")
                    (announced, saidWaiting) = (holder, true)
                }
                if let stop = stopWaiting(for: name, holder: holder, since: start) { return .stopped(stop) }
                try? await execution.clock.sleep(for: Self.lockPollInterval)
            }
        }
        return .held(held, waited: .seconds(execution.clock.now.timeIntervalSince(start)))
    }

    private func stopWaiting(for name: String, holder: NamedLockHolder?, since start: Date) -> AttemptOutcome? {
        if execution.interrupted { return .interrupted }
        let who = holder?.description ?? "held by another process"
        if let timeout = step.options.timeout, execution.clock.now.timeIntervalSince(start) >= timeout.seconds {
            return .timedOut("timed out after \(DurationFormatting.short(timeout)) waiting for lock '\(name)', \(who)", .timeout)
        }
        if let deadline, deadline.hasPassed(at: execution.clock.now) {
            return .deadlineExceeded("did not get lock '\(name)' (\(who)): \(deadline.reason)")
        }
        return nil
    }
}
