public import Foundation
import NightshiftCore
import NightshiftCron
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
        let launch = lane.launch(scheduledAt: scheduledAt, runID: RunIdentifier.scheduled(at: scheduledAt))
        guard lane.schedule.trigger == .changed else {
            let record = await begin(launch, lane, revision: nil)
            running[name] = Task { await self.execute(launch, record) }
            return
        }
        // Reading the repository can hang (a `git fetch` stuck on the network): it runs in the
        // lane's own task, so the other lanes keep firing, and a stop cancels it.
        probing.insert(name)
        running[name] = Task { await self.probeThenExecute(launch, lane) }
    }

    /// Records the start and logs it. A record that cannot be written does not stop the lane:
    /// losing the firing would be worse than losing its row (the log says so loudly).
    func begin(_ launch: LaneLaunch, _ lane: ScheduledLane, revision: String?) async -> RunRecord {
        let started = RunRecord(
            lane: lane.name, scheduledAt: launch.scheduledAt, startedAt: clock.now, status: .running,
            logFolder: launcher.logFolder(for: launch), revision: revision)
        let record = await store(started) ?? started
        if record.id == nil { log.problem(.error("\(lane.name): running it although its start could not be recorded", at: nil)) }
        log.info("\(lane.name): started (scheduled \(stamp(launch.scheduledAt, lane)))")
        return record
    }

    public func record(missed lane: ScheduledLane, at date: Date) async {
        log.info("\(lane.name): missed the firing at \(stamp(date, lane)) (older than catch_up)")
        await store(RunRecord(lane: lane.name, scheduledAt: date, status: .missed))
    }

    /// Waits for running lanes up to the grace period, then cancels the rest and waits for them.
    public func drain() async {
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

    func execute(_ launch: LaneLaunch, _ record: RunRecord) async {
        let outcome = await launcher.launch(launch)
        if let problem = outcome.logProblem { log.problem(.error("\(launch.lane): \(problem)", at: nil)) }
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
        do {
            // A start that could not be recorded has no row to update: record the whole run now.
            if record.id == nil { _ = try await history.insert(record) } else { try await history.update(record) }
        } catch {
            log.problem(.error("cannot record the run of \(record.lane): \(error)", at: nil))
        }
        let result = termination.map(\.description) ?? "could not start"
        log.info("\(record.lane): \(record.status.rawValue) (\(result))")
    }

    private func status(of termination: Termination?, cancelled: Bool) -> RunStatus {
        guard let termination else { return .launchFailed }
        if termination.succeeded { return .succeeded }
        return cancelled ? .interrupted : .failed
    }

    @discardableResult
    func store(_ record: RunRecord) async -> RunRecord? {
        do {
            return try await history.insert(record)
        } catch {
            log.problem(.error("cannot record \(record.lane) at \(stamp(record.scheduledAt, lane: record.lane)): \(error)", at: nil))
            return nil
        }
    }

    public func stamp(_ date: Date, _ lane: ScheduledLane) -> String {
        CronTimeFormat.string(from: date, in: lane.timeZone)
    }
}
