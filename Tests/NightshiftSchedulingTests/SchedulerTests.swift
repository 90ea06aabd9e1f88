import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftScheduling
import NightshiftTestSupport
import Testing

@Suite("Scheduler daemon on virtual time")
struct SchedulerTests {
    struct Harness {
        let clock: ManualClock
        let launcher: FakeLaneLauncher
        let history: MemoryRunHistory
        let scheduler: Scheduler
        let locks: FakeLaneLocks
        let output = CapturingOutputSink()

        init(
            lanes: [ScheduledLane], start: String, hanging: Set<String> = [], held: Set<String> = [],
            history: MemoryRunHistory = MemoryRunHistory(),
            revisions: any RevisionProbe = UnusedRevisionProbe(), reload: @escaping Scheduler.LanesLoader = { [] }
        ) {
            clock = ManualClock(now: instant(start))
            launcher = FakeLaneLauncher(clock: clock, hanging: hanging)
            locks = FakeLaneLocks(held: held)
            self.history = history
            scheduler = Scheduler(
                lanes: lanes, clock: clock, launcher: launcher, locks: locks, history: history, revisions: revisions,
                log: SchedulerLog(output: output, clock: clock, zone: utc), gracePeriod: .seconds(10), reload: reload)
        }

        func start() -> Task<Void, Never> {
            Task { await scheduler.run() }
        }

        /// Moves the clock to `date` once the daemon is asleep.
        func advance(to date: String) async {
            await clock.waitForSleepers(1)
            clock.advance(to: instant(date))
        }

        func finish(_ task: Task<Void, Never>) async {
            await scheduler.stop()
            await task.value
        }
    }

    @Test("a weeknight lane fires at its hashed minute Sunday to Thursday, across a week")
    func weekOfFirings() async throws {
        let lane = try scheduledLane("nightly-dev", "H 0 * * 0-4")
        let harness = Harness(lanes: [lane], start: "2026-11-21T12:00:00Z")
        let expected = lane.firings(after: instant("2026-11-21T12:00:00Z"), through: instant("2026-11-28T12:00:00Z"))
        #expect(expected.count == 5)
        let task = harness.start()
        for (index, firing) in expected.enumerated() {
            await harness.clock.waitForSleepers(1)
            harness.clock.advance(to: firing)
            await harness.launcher.waitForLaunches(index + 1)
        }
        await harness.advance(to: "2026-11-28T12:00:00Z")
        await harness.finish(task)
        let launches = await harness.launcher.launches
        #expect(launches.map(\.scheduledAt) == expected)
        #expect(launches.allSatisfy { $0.startedAt == $0.scheduledAt })
        #expect(await harness.history.statuses("nightly-dev") == Array(repeating: .succeeded, count: 5))
    }

    @Test("a firing that finds the lane still running is recorded as skipped")
    func skipWhileRunning() async throws {
        let harness = Harness(lanes: [try scheduledLane("slow", "*/5 * * * *")], start: "2026-03-02T10:01:00Z", hanging: ["slow"])
        let task = harness.start()
        await harness.advance(to: "2026-03-02T10:05:00Z")
        await harness.launcher.waitForLaunches(1)
        await harness.advance(to: "2026-03-02T10:10:00Z")
        await harness.history.waitUntilSettledSkipping(2)
        await harness.launcher.release("slow")
        await harness.finish(task)
        #expect(await harness.launcher.launches.count == 1)
        #expect(await harness.history.statuses("slow").contains(.skipped))
    }

    @Test("after sleeping past firings the lane runs once on wake within catch_up; older ones are one missed record")
    func catchUpAfterSleep() async throws {
        let harness = Harness(lanes: [try scheduledLane("nightly", "0 2 * * *")], start: "2026-06-01T01:00:00Z")
        let task = harness.start()
        await harness.advance(to: "2026-06-01T02:30:00Z")
        await harness.launcher.waitForLaunches(1)
        await harness.advance(to: "2026-06-03T04:30:00Z")
        await harness.history.waitUntilSettled(2)
        await harness.finish(task)
        let launches = await harness.launcher.launches
        #expect(launches.map(\.scheduledAt) == [instant("2026-06-01T02:00:00Z")])
        #expect(launches.first?.startedAt == instant("2026-06-01T02:30:00Z"))
        #expect(await harness.history.statuses("nightly") == [.succeeded, .missed])
    }

    @Test("a firing missed while the daemon was down runs once at start, and never twice")
    func catchUpAfterDowntime() async throws {
        let earlier = RunRecord(lane: "nightly", scheduledAt: instant("2026-06-01T02:00:00Z"), status: .succeeded)
        let history = MemoryRunHistory([earlier])
        let lane = try scheduledLane("nightly", "0 2 * * *")
        let first = Harness(lanes: [lane], start: "2026-06-02T02:20:00Z", history: history)
        let task = first.start()
        await first.launcher.waitForLaunches(1)
        await first.clock.waitForSleepers(1)
        await first.finish(task)
        let restarted = Harness(lanes: [lane], start: "2026-06-02T02:40:00Z", history: history)
        let again = restarted.start()
        await restarted.clock.waitForSleepers(1)
        await restarted.finish(again)
        #expect(await first.launcher.launches.map(\.scheduledAt) == [instant("2026-06-02T02:00:00Z")])
        #expect(await restarted.launcher.launches.isEmpty)
    }

    @Test("a lane with no recorded run is not caught up at start: it first runs at its next firing")
    func newLaneNotCaughtUp() async throws {
        let harness = Harness(lanes: [try scheduledLane("nightly", "0 2 * * *")], start: "2026-06-02T02:20:00Z")
        let task = harness.start()
        await harness.advance(to: "2026-06-03T02:00:00Z")
        await harness.launcher.waitForLaunches(1)
        await harness.finish(task)
        #expect(await harness.launcher.launches.map(\.scheduledAt) == [instant("2026-06-03T02:00:00Z")])
        #expect(
            await harness.history.statuses("nightly") == [.succeeded], "the 02:00 firing before the start is not even recorded as missed")
    }

    @Test("a lane in New York fires twice on the fall-back night and not on the spring-forward night")
    func daylightSaving() throws {
        let schedule = Schedule(cron: "30 1 * * *\n30 2 * * *", timeZone: "America/New_York")
        let lane = try ScheduledLane(name: "dst", schedule: schedule, systemTimeZone: utc)
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let fall = ScheduleSimulation.lines(
            for: [lane], from: instant("2025-11-02T04:00:00Z"), to: instant("2025-11-02T09:00:00Z"), zone: zone)
        #expect(fall == ["2025-11-02T01:30:00-04:00 dst", "2025-11-02T01:30:00-05:00 dst", "2025-11-02T02:30:00-05:00 dst"])
        let spring = ScheduleSimulation.lines(
            for: [lane], from: instant("2025-03-09T05:00:00Z"), to: instant("2025-03-09T09:00:00Z"), zone: zone)
        #expect(spring == ["2025-03-09T01:30:00-05:00 dst"])
    }

    @Test("stopping lets a running lane finish for the grace period, then cancels it")
    func gracefulStop() async throws {
        let harness = Harness(lanes: [try scheduledLane("long", "0 * * * *")], start: "2026-01-05T09:59:00Z", hanging: ["long"])
        let task = harness.start()
        await harness.advance(to: "2026-01-05T10:00:00Z")
        await harness.launcher.waitForLaunches(1)
        await harness.clock.waitForSleepers(1)
        await harness.scheduler.stop()
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: .seconds(10))
        await task.value
        let statuses = await harness.history.statuses("long")
        #expect(statuses == [.interrupted], "\(statuses) \(harness.output.standardOutput)")
        #expect(await harness.scheduler.runningLanes.isEmpty)
    }

    @Test("a reload that fails keeps the old lanes; a good one replaces them")
    func reload() async throws {
        let replacement = try scheduledLane("new", "0 3 * * *")
        let attempts = Counter()
        let harness = Harness(
            lanes: [try scheduledLane("old", "0 2 * * *")], start: "2026-01-05T00:00:00Z",
            reload: {
                if await attempts.increment() == 1 { throw ScheduleError.unknownTimeZone(lane: "new", "Mars/Olympus") }
                return [replacement]
            })
        let task = harness.start()
        await harness.clock.waitForSleepers(1)
        await harness.scheduler.reload()
        #expect(harness.output.standardError.contains("keeping the previous schedule"))
        await harness.advance(to: "2026-01-05T02:00:00Z")
        await harness.launcher.waitForLaunches(1)
        await harness.scheduler.reload()
        await harness.advance(to: "2026-01-06T02:30:00Z")
        await harness.advance(to: "2026-01-06T03:00:00Z")
        await harness.launcher.waitForLaunches(2)
        await harness.finish(task)
        #expect(await harness.launcher.launches.map(\.lane) == ["old", "new"])
    }
}

actor Counter {
    private var value = 0
    func increment() -> Int { value += 1; return value }
}

extension MemoryRunHistory {
    func waitUntilSettledSkipping(_ count: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await waitUntil("\(count) run(s) recorded", sourceLocation: sourceLocation) { all.count >= count }
    }
}
