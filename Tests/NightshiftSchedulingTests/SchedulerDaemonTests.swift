import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftScheduling
import NightshiftTestSupport
import Testing

/// The daemon as `nightshift schedule` wires it, with signals as a plain stream and virtual time.
@Suite("Scheduler daemon: signals, reloads and shutdown", .temporaryDirectory)
struct SchedulerDaemonTests {
    struct Harness {
        let clock: ManualClock
        let launcher: FakeLaneLauncher
        let history: any RunHistory
        let scheduler: Scheduler
        let locks: FakeLaneLocks
        let output = CapturingOutputSink()
        let signals: AsyncStream<Int32>
        let send: AsyncStream<Int32>.Continuation

        init(
            lanes: [ScheduledLane], start: String, hanging: Set<String> = [], history: any RunHistory = MemoryRunHistory(),
            revisions: any RevisionProbe = UnusedRevisionProbe(), reload: @escaping Scheduler.LanesLoader = { [] }
        ) {
            clock = ManualClock(now: instant(start))
            launcher = FakeLaneLauncher(clock: clock, hanging: hanging)
            locks = FakeLaneLocks()
            self.history = history
            scheduler = Scheduler(
                lanes: lanes, clock: clock, launcher: launcher, locks: locks, history: history, revisions: revisions,
                log: SchedulerLog(output: output, clock: clock, zone: utc), gracePeriod: .seconds(30), reload: reload)
            (signals, send) = AsyncStream.makeStream(of: Int32.self)
        }

        func start(watching watcher: FileChangeWatcher? = nil) -> Task<Void, Never> {
            let daemon = SchedulerDaemon(
                scheduler: scheduler, signals: signals, watcher: watcher,
                log: SchedulerLog(output: output, clock: clock, zone: utc))
            return Task { await daemon.run() }
        }

        /// Waits (`waitUntil`) until the daemon has logged `text`.
        func waitForLog(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
            await waitUntil("the daemon logs '\(text)'", sourceLocation: sourceLocation) { output.standardOutput.contains(text) }
        }
    }

    @Test("SIGHUP reloads the schedule, SIGTERM stops the daemon")
    func reloadThenStop() async throws {
        let reloads = Counter()
        let replacement = try scheduledLane("new", "0 3 * * *")
        let harness = Harness(
            lanes: [try scheduledLane("old", "0 2 * * *")], start: "2026-01-05T00:00:00Z",
            reload: {
                _ = await reloads.increment()
                return [replacement]
            })
        let task = harness.start()
        await harness.clock.waitForSleepers(1)
        harness.send.yield(SIGHUP)
        await harness.waitForLog("new (0 3 * * *): next at 2026-01-05T03:00:00+00:00")
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(to: instant("2026-01-05T03:00:00Z"))
        await harness.launcher.waitForLaunches(1)
        harness.send.yield(SIGTERM)
        await task.value
        let launches = await harness.launcher.launches
        #expect(launches.map(\.lane) == ["new"])
        #expect(launches.first?.runID == "20260105-030000-scheduled")
        #expect(await reloads.increment() == 2)
        #expect(harness.output.standardOutput.contains("SIGTERM: stopping"))
        #expect(harness.output.standardOutput.hasSuffix("scheduler stopped\n"))
    }

    @Test("a second SIGTERM stops running lanes at once instead of waiting out the grace period")
    func secondSignalHurries() async throws {
        let history = MemoryRunHistory()
        let harness = Harness(
            lanes: [try scheduledLane("long", "0 * * * *")], start: "2026-01-05T09:59:00Z", hanging: ["long"], history: history)
        let task = harness.start()
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(to: instant("2026-01-05T10:00:00Z"))
        await harness.launcher.waitForLaunches(1)
        harness.send.yield(SIGINT)
        await harness.waitForLog("stopping: waiting for long")
        harness.send.yield(SIGTERM)
        await task.value
        #expect(harness.clock.now == instant("2026-01-05T10:00:00Z"), "the grace period was waited out")
        #expect(await history.statuses("long") == [.interrupted])
        #expect(harness.output.standardOutput.contains("stopping now: terminating long"))
    }

    @Test("a change to the lanes file reloads the schedule; a broken file keeps the old one")
    func fileChangeReloads() async throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lanes.yml"
        try "first\n".write(toFile: path, atomically: true, encoding: .utf8)
        let harness = Harness(
            lanes: [], start: "2026-01-05T00:00:00Z",
            reload: {
                let text = try String(contentsOfFile: path, encoding: .utf8)
                guard text.hasPrefix("good") else { throw ScheduleError.unknownTimeZone(lane: "x", "Mars/Olympus") }
                return [try scheduledLane("x", "0 4 * * *")]
            })
        let task = harness.start(watching: FileChangeWatcher(path: path, clock: harness.clock, interval: .seconds(5)))
        await harness.clock.waitForSleepers(2)
        try "broken, longer\n".write(toFile: path, atomically: true, encoding: .utf8)
        harness.clock.advance(by: .seconds(5))
        await waitUntil("the daemon keeps the previous schedule") { harness.output.standardError.contains("keeping the previous schedule") }
        await harness.clock.waitForSleepers(2)
        try "good, and longer still\n".write(toFile: path, atomically: true, encoding: .utf8)
        harness.clock.advance(by: .seconds(5))
        await harness.waitForLog("reloaded: 1 scheduled lane(s)")
        harness.send.yield(SIGTERM)
        await task.value
        #expect(harness.output.standardOutput.contains("the lanes file changed: reloading"))
    }

    @Test("a lane stopped at shutdown is recorded in SQLite although its task was cancelled")
    func interruptedRunIsRecorded() async throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try SQLiteRunHistory(path: folder + "/history.sqlite")
        let harness = Harness(
            lanes: [try scheduledLane("long", "0 * * * *")], start: "2026-01-05T09:59:00Z", hanging: ["long"], history: history)
        let task = harness.start()
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(to: instant("2026-01-05T10:00:00Z"))
        await harness.launcher.waitForLaunches(1)
        harness.send.yield(SIGTERM)
        await harness.waitForLog("stopping: waiting for long")
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: .seconds(30))
        await task.value
        let records = try await history.records(lane: "long", limit: 5)
        #expect(records.map(\.status) == [.interrupted])
        #expect(records.first?.logFolder == "runs/long/20260105-100000-scheduled")
        #expect(records.first?.endedAt == instant("2026-01-05T10:00:30Z"))
        #expect(harness.output.standardError.isEmpty, "\(harness.output.standardError)")
    }
}
