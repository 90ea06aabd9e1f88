import Foundation
@testable import NightshiftCore
import NightshiftCron
@testable import NightshiftEngine
@testable import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Records launches; a lane listed in `hanging` runs until cancelled (then reports SIGTERM).
actor FakeLaneLauncher: LaneLauncher {
    struct Launched: Sendable, Equatable {
        var lane: String
        var scheduledAt: Date
        var startedAt: Date
        var runID: String
    }

    private let clock: ManualClock
    private var hanging: Set<String>
    private var exitCodes: [String: Int32]
    private(set) var launches: [Launched] = []

    init(clock: ManualClock, hanging: Set<String> = [], exitCodes: [String: Int32] = [:]) {
        self.clock = clock
        self.hanging = hanging
        self.exitCodes = exitCodes
    }

    func launch(_ launch: LaneLaunch) async -> LaneLaunchOutcome {
        launches.append(Launched(lane: launch.lane, scheduledAt: launch.scheduledAt, startedAt: clock.now, runID: launch.runID))
        if hanging.contains(launch.lane) {
            while hanging.contains(launch.lane) && !Task.isCancelled { await Task.yield() }
            if Task.isCancelled {
                return LaneLaunchOutcome(termination: .signalled(15), logFolder: logFolder(for: launch))
            }
        }
        return LaneLaunchOutcome(termination: .exited(exitCodes[launch.lane] ?? 0), logFolder: logFolder(for: launch))
    }

    nonisolated func logFolder(for launch: LaneLaunch) -> String {
        "runs/\(launch.lane)/\(launch.runID)"
    }

    func release(_ lane: String) { hanging.remove(lane) }

    /// Waits (`waitUntil`) until `count` launches happened.
    func waitForLaunches(_ count: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await waitUntil("\(count) launch(es)", sourceLocation: sourceLocation) { launches.count >= count }
    }
}

/// `RunHistory` in memory.
actor MemoryRunHistory: RunHistory {
    private(set) var all: [RunRecord] = []

    init(_ records: [RunRecord] = []) {
        all = records.enumerated().map {
            var r = $1; r.id = Int64($0 + 1); return r
        }
    }

    func insert(_ record: RunRecord) async throws -> RunRecord {
        var stored = record
        stored.id = Int64(all.count + 1)
        all.append(stored)
        return stored
    }

    func update(_ record: RunRecord) async throws {
        guard let index = all.firstIndex(where: { $0.id == record.id }) else { return }
        all[index] = record
    }

    func updateIfRunning(_ record: RunRecord) async throws -> Bool {
        guard let index = all.firstIndex(where: { $0.id == record.id && $0.status == .running }) else { return false }
        all[index] = record
        return true
    }

    func runningRecords() async throws -> [RunRecord] {
        all.filter { $0.status == .running }
    }

    func records(lane: String?, limit: Int) async throws -> [RunRecord] {
        Array(all.filter { lane == nil || $0.lane == lane }.reversed().prefix(limit))
    }

    func lastScheduledTime(lane: String) async throws -> Date? {
        all.filter { $0.lane == lane }.map(\.scheduledAt).max()
    }

    func lastSuccessfulRevision(lane: String) async throws -> String? {
        all.last { $0.lane == lane && $0.status == .succeeded }?.revision
    }

    func statuses(_ lane: String) -> [RunStatus] { all.filter { $0.lane == lane }.map(\.status) }

    /// Waits (`waitUntil`) until `count` runs are recorded and none is still running.
    func waitUntilSettled(_ count: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await waitUntil("\(count) run(s) recorded, none running", sourceLocation: sourceLocation) {
            all.count >= count && !all.contains(where: { $0.status == .running })
        }
    }
}

/// Lane locks held by processes the test pretends are running (children of a daemon that died).
final class FakeLaneLocks: LaneLocks, @unchecked Sendable {
    private let lock = NSLock()
    private var held: Set<String>

    init(held: Set<String> = []) { self.held = held }

    func isHeld(lane: String) -> Bool { lock.withLock { held.contains(lane) } }

    /// The process holding `lane`'s lock ends.
    func free(_ lane: String) { _ = lock.withLock { held.remove(lane) } }
}

struct UnusedRevisionProbe: RevisionProbe {
    func currentRevision(remote: String?, branch: String?) async throws -> RevisionReading { RevisionReading(commit: "unused") }
}

let utc = TimeZone(identifier: "UTC")!

func instant(_ text: String) -> Date {
    CronTimeFormat.date(from: text, defaultZone: utc)!
}

func scheduledLane(_ name: String, _ cron: String, trigger: Schedule.Trigger = .always, catchUp: Duration = .seconds(3600)) throws
    -> ScheduledLane
{
    try ScheduledLane(name: name, schedule: Schedule(cron: cron, trigger: trigger, catchUp: catchUp), systemTimeZone: utc)
}
