import NightshiftCore
import Foundation
import NightshiftEngine
import NightshiftSystem

/// Poll-SCM (`when: changed`) firings: the lane's task reads the repository's commit first, under
/// the probe timeout, and runs the lane only when the commit moved since its last successful run.
extension Scheduler {
    func probeThenExecute(_ launch: LaneLaunch, _ lane: ScheduledLane) async {
        let revision = await changedRevision(of: lane, scheduledAt: launch.scheduledAt)
        probing.remove(lane.name)
        guard let revision, !stopping, !Task.isCancelled else {
            running[lane.name] = nil
            return
        }
        await execute(launch, await begin(launch, lane, revision: revision))
    }

    /// The repository's commit when it moved since the last successful run; nil when it did not
    /// (recorded as unchanged), cannot be read in time (recorded as failed), or the daemon is
    /// stopping (recorded as interrupted).
    private func changedRevision(of lane: ScheduledLane, scheduledAt: Date) async -> String? {
        let current: String
        do {
            let reading = try await readRevision(for: lane)
            if let caveat = reading.caveat { log.problem("\(lane.name): \(caveat)") }
            current = reading.commit
        } catch {
            await recordUnreadRevision(of: lane, scheduledAt: scheduledAt, error: error)
            return nil
        }
        let last = (try? await history.lastSuccessfulRevision(lane: lane.name)) ?? nil
        guard current != last else {
            log.info("\(lane.name): no new commit since \(current.prefix(12)), skipping")
            await store(RunRecord(lane: lane.name, scheduledAt: scheduledAt, status: .unchanged, revision: current))
            return nil
        }
        return current
    }

    /// The probe, raced against `probeTimeout` on the injected clock. Whichever loses is cancelled:
    /// cancelling the probe tears its git process down.
    private func readRevision(for lane: ScheduledLane) async throws -> RevisionReading {
        let (revisions, clock, limit) = (self.revisions, self.clock, probeTimeout)
        let (remote, branch) = (lane.schedule.remote, lane.schedule.branch)
        switch try await withTimeLimit(limit, on: clock, { try await revisions.currentRevision(remote: remote, branch: branch) }) {
        case .finished(let reading): return reading
        case .timedOut:
            try Task.checkCancellation()
            throw RevisionProbeError.timedOut(after: limit)
        }
    }

    private func recordUnreadRevision(of lane: ScheduledLane, scheduledAt: Date, error: any Error) async {
        let stopped = Task.isCancelled || error is CancellationError
        let note = stopped ? "the daemon stopped while reading the repository's commit" : "cannot read the repository's commit: \(error)"
        if stopped { log.info("\(lane.name): \(note)") } else { log.problem("\(lane.name): \(note)") }
        let record = RunRecord(lane: lane.name, scheduledAt: scheduledAt, status: stopped ? .interrupted : .failed, note: note)
        // A cancelled task cannot write to the database (GRDB throws CancellationError).
        await Task { _ = await self.store(record) }.value
    }
}
