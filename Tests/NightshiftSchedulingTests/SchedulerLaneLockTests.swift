import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftScheduling
import NightshiftTestSupport
import Testing

/// A daemon killed (`kill -9`) while a lane runs leaves its `nightshift run` child running, holding
/// the lane lock, and the lane's history record `running`. The next daemon must neither start the
/// lane a second time nor leave that record open.
@Suite("Lanes a previous daemon left running")
struct SchedulerLaneLockTests {
    static let leftOpen = RunRecord(
        lane: "hourly", scheduledAt: instant("2026-06-01T02:00:00Z"), startedAt: instant("2026-06-01T02:00:00Z"),
        status: .running, logFolder: "runs/hourly/20260601-020000-scheduled")

    @Test("a run left running whose lane lock is free is closed as lost when the daemon starts")
    func closedAtStart() async throws {
        let history = MemoryRunHistory([Self.leftOpen])
        let harness = SchedulerTests.Harness(
            lanes: [try scheduledLane("hourly", "0 * * * *")], start: "2026-06-01T02:40:00Z", history: history)
        let task = harness.start()
        await harness.clock.waitForSleepers(1)
        await harness.finish(task)
        let record = try #require(await history.all.first)
        #expect(record.status == .lost)
        #expect(record.endedAt == instant("2026-06-01T02:40:00Z"))
        #expect(record.logFolder == Self.leftOpen.logFolder)
        #expect(record.note == "the daemon stopped while this ran: how it ended is unknown, see its logs")
        #expect(await history.all.count == 1, "the firing it was running for is not started again")
        #expect(await harness.launcher.launches.isEmpty)
        #expect(
            harness.output.standardOutput.contains(
                "hourly: lost the run scheduled 2026-06-01T02:00:00+00:00 (the daemon stopped while it ran)"))
    }

    @Test(
        "a lane whose child outlived the daemon is not started again: its firings are skipped until its lock frees, then its run is closed")
    func childOutlivedTheDaemon() async throws {
        let history = MemoryRunHistory([Self.leftOpen])
        let harness = SchedulerTests.Harness(
            lanes: [try scheduledLane("hourly", "0 * * * *")], start: "2026-06-01T03:10:00Z",
            held: ["hourly"], history: history)
        let task = harness.start()
        // The 03:00 firing, missed while the daemon was down, is caught up: the lane still runs.
        await harness.history.waitUntilSettledSkipping(2)
        await harness.advance(to: "2026-06-01T04:00:00Z")
        await harness.history.waitUntilSettledSkipping(3)
        #expect(await history.statuses("hourly") == [.running, .skipped, .skipped])
        // The orphaned child ends; the daemon notices on its next check, a minute later.
        harness.locks.free("hourly")
        await harness.advance(to: "2026-06-01T04:01:00Z")
        await harness.advance(to: "2026-06-01T05:00:00Z")
        await harness.launcher.waitForLaunches(1)
        await harness.history.waitUntilSettled(4)
        await harness.finish(task)
        let records = await history.all
        #expect(records.map(\.status) == [.lost, .skipped, .skipped, .succeeded])
        #expect(records.map(\.scheduledAt) == ["02:00", "03:00", "04:00", "05:00"].map { instant("2026-06-01T\($0):00Z") })
        #expect(records[0].endedAt == instant("2026-06-01T04:01:00Z"))
        #expect(records[1].note == "still running (started before the daemon)")
        #expect(await harness.launcher.launches.map(\.scheduledAt) == [instant("2026-06-01T05:00:00Z")])
        #expect(records[3].logFolder == "runs/hourly/20260601-050000-scheduled")
        #expect(
            harness.output.standardOutput.contains(
                "hourly: still running from before the daemon started (scheduled 2026-06-01T02:00:00+00:00); its firings are skipped until it ends"
            ))
    }

    @Test("a run that another daemon sharing the history finished is not overwritten as lost")
    func finishedElsewhere() async throws {
        let history = MemoryRunHistory([Self.leftOpen])
        let harness = SchedulerTests.Harness(lanes: [], start: "2026-06-01T02:10:00Z", held: ["hourly"], history: history)
        let task = harness.start()
        await harness.clock.waitForSleepers(1)
        var finished = try #require(await history.all.first)
        finished.status = .succeeded
        try await history.update(finished)
        harness.locks.free("hourly")
        harness.clock.advance(by: .seconds(60))
        await harness.clock.waitForSleepers(1)
        await harness.finish(task)
        #expect(await history.all == [finished])
        #expect(!harness.output.standardOutput.contains("lost the run"))
    }
}
