import Foundation
import NightshiftCore
import NightshiftCron
import NightshiftEngine
public import NightshiftSystem

/// The scheduler daemon's engine: sleeps on the injected clock until the next firing, fires each
/// due lane through the `LaneLauncher`, and records every firing in the `RunHistory`.
///
/// - A firing that finds its lane still running is recorded as skipped: running as this daemon's
///   child, or as a child of a daemon that died (its lane lock is still held, `LaneLocks`).
/// - Runs a previous daemon left `running` are closed as `lost` once their lane lock is free.
/// - After sleep, a clock jump or downtime, only the latest missed firing of a lane runs, once,
///   and only if it is younger than the lane's `catch_up`; older ones are recorded as missed.
/// - `reload()` swaps the lanes (an invalid file keeps the old ones); `stop()` stops firing, lets
///   running lanes finish for the grace period, then cancels them so their cleanup runs.
/// - A `when: changed` lane reads its repository in a task of its own, under `probeTimeout`: a
///   hung `git fetch` holds up neither the other lanes nor a stop.
public actor Scheduler {
    /// Reads the lanes file again (SIGHUP, or the file changed).
    public typealias LanesLoader = @Sendable () async throws -> [ScheduledLane]

    let clock: any WallClock
    let launcher: any LaneLauncher
    let locks: any LaneLocks
    let history: any RunHistory
    let revisions: any RevisionProbe
    let log: SchedulerLog
    private let loadLanes: LanesLoader
    let gracePeriod: Duration
    /// How long a `when: changed` lane may take to read its repository's commit (a `git fetch`
    /// stuck on the network would otherwise hold its lane for ever).
    let probeTimeout: Duration
    /// Firings this late still count as on time (the loop wakes a little after the minute).
    private let tolerance: TimeInterval = 60

    private(set) var lanes: [ScheduledLane]
    var running: [String: Task<Void, Never>] = [:]
    /// Lanes in `running` still reading their repository's commit: nothing of theirs has started,
    /// so a stop cancels them at once instead of granting them the grace period.
    var probing: Set<String> = []
    /// Runs a previous daemon left `running` whose child still holds the lane lock.
    var leftRunning: [RunRecord] = []
    /// How often those locks are tried again.
    private let leftRunningCheckInterval: TimeInterval = 60
    private var cursor: Date
    private(set) var stopping = false
    private var wake: Task<Void, any Error>?

    public init(
        lanes: [ScheduledLane], clock: any WallClock, launcher: any LaneLauncher, locks: any LaneLocks, history: any RunHistory,
        revisions: any RevisionProbe, log: SchedulerLog, gracePeriod: Duration = .seconds(30), probeTimeout: Duration = .seconds(60),
        reload: @escaping LanesLoader
    ) {
        self.lanes = lanes
        self.clock = clock
        self.launcher = launcher
        self.locks = locks
        self.history = history
        self.revisions = revisions
        self.log = log
        self.gracePeriod = gracePeriod
        self.probeTimeout = probeTimeout
        self.loadLanes = reload
        self.cursor = clock.now
    }

    /// Runs until `stop()` (or cancellation), then drains running lanes and returns.
    public func run() async {
        cursor = clock.now
        log.info("scheduler started with \(lanes.count) scheduled lane(s)")
        announce()
        if !stopping {
            await closeRunsLeftRunning()
            await catchUpAfterDowntime()
        }
        while !stopping && !Task.isCancelled {
            if !leftRunning.isEmpty { await closeEndedRunsLeftRunning() }
            let now = clock.now
            if now > cursor {
                await fireDue(after: cursor, through: now)
                cursor = now
            }
            var next = lanes.compactMap { $0.next(after: cursor) }.min() ?? cursor.addingTimeInterval(86_400)
            if !leftRunning.isEmpty { next = min(next, clock.now.addingTimeInterval(leftRunningCheckInterval)) }
            await sleep(until: next)
        }
        await drain()
        log.info("scheduler stopped")
    }

    /// Stops firing; running lanes get the grace period. A second call does not wait any longer:
    /// running lanes are stopped now (their cleanup still runs).
    public func stop() {
        if stopping {
            guard !running.isEmpty else { return }
            log.info("stopping now: terminating \(running.keys.sorted().joined(separator: ", "))")
            for task in running.values { task.cancel() }
            return
        }
        stopping = true
        for name in probing { running[name]?.cancel() }
        wake?.cancel()
    }

    /// Loads the lanes again; on failure reports it and keeps the current ones.
    public func reload() async {
        do {
            lanes = try await loadLanes()
            log.info("reloaded: \(lanes.count) scheduled lane(s)")
            announce()
            wake?.cancel()
        } catch {
            log.problem("reload failed, keeping the previous schedule: \(error)")
        }
    }

    /// Each lane's spec and next firing, so the log shows what the daemon is waiting for.
    private func announce() {
        let now = clock.now
        for lane in lanes {
            let spec = lane.schedule.cron.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
            let next = lane.next(after: now).map { stamp($0, lane) } ?? "never"
            log.info("\(lane.name) (\(spec)): next at \(next)")
        }
    }

    /// Names of the lanes running now.
    public var runningLanes: [String] { running.keys.sorted() }

    private func sleep(until date: Date) async {
        let task = Task { [clock] in try await clock.sleep(until: date) }
        wake = task
        _ = await task.result
        wake = nil
    }

    private func fireDue(after start: Date, through end: Date) async {
        for lane in lanes {
            // Only the latest firing in the window can run: after a long sleep a lane runs once,
            // never once per missed minute.
            guard let latest = lane.spec.previous(atOrBefore: end, defaultTimeZone: lane.timeZone), latest > start else { continue }
            let lateness = end.timeIntervalSince(latest)
            if lateness > tolerance && lateness >= lane.schedule.catchUp.seconds {
                await record(missed: lane, at: latest)
            } else {
                await fire(lane, scheduledAt: latest)
            }
        }
    }

    /// On start: the latest firing of each lane since its last recorded one, if young enough.
    /// Lanes with no recorded firing are not caught up.
    private func catchUpAfterDowntime() async {
        let now = clock.now
        for lane in lanes {
            guard let previous = lane.spec.previous(atOrBefore: now, defaultTimeZone: lane.timeZone),
                now.timeIntervalSince(previous) < lane.schedule.catchUp.seconds
            else { continue }
            // A lane with no history has never been scheduled here: a first start is not a restart.
            guard let handled = (try? await history.lastScheduledTime(lane: lane.name)) ?? nil, handled < previous else { continue }
            log.info("catching up \(lane.name), missed at \(CronTimeFormat.string(from: previous, in: lane.timeZone))")
            await fire(lane, scheduledAt: previous)
        }
        cursor = max(cursor, now)
    }
}
