import Foundation
@testable import NightshiftCore
import NightshiftCron
@testable import NightshiftScheduling
import NightshiftTestSupport
import Testing

/// The daemon itself (not only the cron arithmetic) through Berlin's 2026 changes on virtual time:
/// as Jenkins fires (../shared/reference/jenkins-cron.md §6), a wall time skipped by
/// spring-forward does not run that day, and one repeated by fall-back runs twice.
@Suite("Scheduler daemon across daylight saving changes")
struct SchedulerDaylightSavingTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// `at-0230` falls in the hour that spring-forward skips and fall-back repeats; `at-0130` in
    /// neither, as a control.
    static func lanes() throws -> [ScheduledLane] {
        try [("at-0230", "30 2 * * *"), ("at-0130", "30 1 * * *")].map { name, cron in
            try ScheduledLane(name: name, schedule: Schedule(cron: cron, timeZone: "Europe/Berlin"), systemTimeZone: utc)
        }
    }

    /// Drives the daemon from `start` to `end` in ten-minute steps (every firing falls on a step,
    /// and two firings of a lane are never in one step), letting each launched lane finish, and
    /// expects exactly `firings` (`<Berlin time> <lane>`) among the launches and in the history.
    static func drive(
        from start: String, to end: String, expecting firings: [String],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let harness = SchedulerTests.Harness(lanes: try lanes(), start: start)
        let task = harness.start()
        var step = instant(start)
        while step < instant(end) {
            step += 600
            await harness.clock.waitForSleepers(1)
            harness.clock.advance(to: step)
            await harness.clock.waitForSleepers(1)
            await harness.history.waitUntilNoneRunning()
        }
        await harness.finish(task)
        let stamp = { (date: Date, lane: String) in "\(CronTimeFormat.string(from: date, in: berlin)) \(lane)" }
        let launches = await harness.launcher.launches
        #expect(launches.map { stamp($0.scheduledAt, $0.lane) } == firings, sourceLocation: sourceLocation)
        #expect(launches.allSatisfy { $0.startedAt == $0.scheduledAt }, "each lane started at its firing", sourceLocation: sourceLocation)
        #expect(
            Set(launches.map { "\($0.lane)/\($0.runID)" }).count == launches.count, "each firing has its own run folder",
            sourceLocation: sourceLocation)
        let records = await harness.history.all
        #expect(records.map { stamp($0.scheduledAt, $0.lane) } == firings, sourceLocation: sourceLocation)
        #expect(records.allSatisfy { $0.status == .succeeded }, "\(records.map(\.status))", sourceLocation: sourceLocation)
    }

    @Test("spring-forward night (2026-03-29): 02:30 does not exist and does not run that day; 01:30 runs")
    func springForward() async throws {
        try await Self.drive(
            from: "2026-03-28T12:00:00Z", to: "2026-03-30T06:00:00Z",
            expecting: [
                "2026-03-29T01:30:00+01:00 at-0130",
                "2026-03-30T01:30:00+02:00 at-0130",
                "2026-03-30T02:30:00+02:00 at-0230",
            ])
    }

    @Test("fall-back night (2026-10-25): 02:30 happens twice and runs twice; 01:30 runs once")
    func fallBack() async throws {
        try await Self.drive(
            from: "2026-10-24T12:00:00Z", to: "2026-10-26T06:00:00Z",
            expecting: [
                "2026-10-25T01:30:00+02:00 at-0130",
                "2026-10-25T02:30:00+02:00 at-0230",
                "2026-10-25T02:30:00+01:00 at-0230",
                "2026-10-26T01:30:00+01:00 at-0130",
                "2026-10-26T02:30:00+01:00 at-0230",
            ])
    }
}

extension MemoryRunHistory {
    /// Waits (`waitUntil`) until every launched lane has finished.
    func waitUntilNoneRunning(sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await waitUntil("no run still running", sourceLocation: sourceLocation) { !all.contains(where: { $0.status == .running }) }
    }
}
