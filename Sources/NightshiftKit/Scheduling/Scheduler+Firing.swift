import Foundation
import NightshiftSystem

extension Scheduler {
    /// Starts one firing unless the lane is still running (as this daemon's child, or as one a
    /// previous daemon started) or, for `when: changed`, unmoved.
    func fire(_ lane: ScheduledLane, scheduledAt: Date) async {
        let name = lane.name
        guard running[name] == nil else {
            log.info("\(name): still running, skipping the firing at \(stamp(scheduledAt, lane))")
            await store(RunRecord(lane: name, scheduledAt: scheduledAt, status: .skipped, note: "still running"))
            return
        }
        guard !locks.isHeld(lane: name) else {
            let note = "still running (started before the daemon)"
            log.info("\(name): \(note), skipping the firing at \(stamp(scheduledAt, lane))")
            await store(RunRecord(lane: name, scheduledAt: scheduledAt, status: .skipped, note: note))
            return
        }
        // The lock is free: a run of this lane left by a previous daemon has ended.
        if leftRunning.contains(where: { $0.lane == name }) { await closeEndedRunsLeftRunning() }
        var revision: String?
        if lane.schedule.trigger == .changed {
            guard let current = await changedRevision(of: lane, scheduledAt: scheduledAt) else { return }
            revision = current
        }
        let launch = LaneLaunch(lane: name, scheduledAt: scheduledAt, runID: RunIdentifier.scheduled(at: scheduledAt))
        let started = RunRecord(lane: name, scheduledAt: scheduledAt, startedAt: clock.now, status: .running,
                                logFolder: launcher.logFolder(for: launch), revision: revision)
        guard let record = await store(started) else { return }
        log.info("\(name): started (scheduled \(stamp(scheduledAt, lane)))")
        running[name] = Task { await self.execute(launch, record) }
    }

    func record(missed lane: ScheduledLane, at date: Date) async {
        log.info("\(lane.name): missed the firing at \(stamp(date, lane)) (older than catch_up)")
        await store(RunRecord(lane: lane.name, scheduledAt: date, status: .missed))
    }

    /// Waits for running lanes up to the grace period, then cancels the rest and waits for them.
    func drain() async {
        let tasks = Array(running.values)
        guard !tasks.isEmpty else { return }
        log.info("stopping: waiting for \(running.keys.sorted().joined(separator: ", "))")
        let clock = self.clock
        let grace = gracePeriod
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for task in tasks { await task.value } }
            group.addTask { try? await clock.sleep(for: grace) }
            await group.next()
            group.cancelAll()
            // Cancelling a lane's task tears its child down (SIGTERM, then SIGKILL), and the
            // child's own cleanup runs; the group then ends when the waiting child sees them end.
            for task in tasks { task.cancel() }
        }
    }

    /// The repository's commit when it moved since the last successful run; nil when it did not
    /// (recorded as unchanged) or cannot be read (recorded as failed).
    private func changedRevision(of lane: ScheduledLane, scheduledAt: Date) async -> String? {
        let current: String
        do {
            let reading = try await revisions.currentRevision(remote: lane.schedule.remote, branch: lane.schedule.branch)
            if let caveat = reading.caveat { log.problem("\(lane.name): \(caveat)") }
            current = reading.commit
        } catch {
            let note = "cannot read the repository's commit: \(error)"
            log.problem("\(lane.name): \(note)")
            await store(RunRecord(lane: lane.name, scheduledAt: scheduledAt, status: .failed, note: note))
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

    private func execute(_ launch: LaneLaunch, _ record: RunRecord) async {
        let outcome = await launcher.launch(launch)
        var finished = record
        finished.endedAt = clock.now
        finished.logFolder = outcome.logFolder ?? record.logFolder
        finished.status = status(of: outcome.termination, cancelled: Task.isCancelled)
        if case .exited(let code) = outcome.termination { finished.exitCode = code }
        // A lane stopped at shutdown runs here cancelled, and a cancelled task cannot write to the
        // database (GRDB throws CancellationError): record the end from a task of its own.
        await Task { await self.finish(finished, termination: outcome.termination) }.value
    }

    private func finish(_ record: RunRecord, termination: Termination?) async {
        running[record.lane] = nil
        do { try await history.update(record) } catch { log.problem("cannot record the run of \(record.lane): \(error)") }
        let result = termination.map(\.description) ?? "could not start"
        log.info("\(record.lane): \(record.status.rawValue) (\(result))")
    }

    private func status(of termination: Termination?, cancelled: Bool) -> RunStatus {
        guard let termination else { return .launchFailed }
        if termination.succeeded { return .succeeded }
        return cancelled ? .interrupted : .failed
    }

    @discardableResult
    private func store(_ record: RunRecord) async -> RunRecord? {
        do {
            return try await history.insert(record)
        } catch {
            log.problem("cannot record \(record.lane) at \(record.scheduledAt): \(error)")
            return nil
        }
    }

    func stamp(_ date: Date, _ lane: ScheduledLane) -> String {
        CronTimeFormat.string(from: date, in: lane.timeZone)
    }
}
