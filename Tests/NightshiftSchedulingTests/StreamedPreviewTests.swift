import Foundation
@testable import NightshiftCore
import NightshiftCron
@testable import NightshiftScheduling
import NightshiftTestSupport
import Testing

@Suite("cron and schedule --simulate, streamed and bounded (#15)")
struct StreamedPreviewTests {
    @Test("cron stops at the end of year 9999 with a note: never a year-10000 time that --from rejects")
    func cronStopsAtYear9999() throws {
        let query = CronQuery(spec: "* * * * *", from: instant("9999-12-31T23:58:00Z"), timeZone: utc, count: 5)
        #expect(try CronPreview.lines(for: query) == ["9999-12-31T23:58:00+00:00", "9999-12-31T23:59:00+00:00"])
        var notes: [String] = []
        try CronPreview.write(for: query, line: { _ in }, note: { notes.append($0) })
        #expect(notes == [CronTimeFormat.endOfTimeNote])
        let kiritimati = try #require(TimeZone(identifier: "Pacific/Kiritimati"))  // +14:00: year 10000 comes 14 h early
        let ahead = CronQuery(spec: "0 * * * *", from: instant("9999-12-31T08:30:00Z"), timeZone: kiritimati, count: 5)
        #expect(try CronPreview.lines(for: ahead) == ["9999-12-31T23:00:00+14:00"])
    }

    @Test("next stops at the end of year 9999 too, and says so")
    func nextStopsAtYear9999() throws {
        let lines = LanePreview.lines(for: [try scheduledLane("n", "59 23 * * *")], from: instant("9999-12-30T00:00:00Z"), count: 3)
        #expect(
            lines == [
                "n  59 23 * * *  (seed n, UTC)", "  9999-12-30T23:59:00+00:00", "  9999-12-31T23:59:00+00:00",
                "  (\(CronTimeFormat.endOfTimeNote))",
            ])
    }

    @Test("the lines come out one at a time, in the order and form lines(for:) gives them")
    func cronStreams() throws {
        let query = CronQuery(
            spec: "H/15 * * * *", seed: "qa", from: instant("2026-03-01T00:00:00Z"), timeZone: utc, count: 50, explain: true)
        var streamed: [String] = []
        try CronPreview.write(for: query, line: { streamed.append($0) }, note: { Issue.record("unexpected note \($0)") })
        #expect(streamed == (try CronPreview.lines(for: query)))
        #expect(streamed.suffix(51).first == "Next firings:")
    }

    @Test("--simulate merges the lanes' firings in time order, then by name, as it finds them")
    func simulationMerges() throws {
        let lanes = [try scheduledLane("b", "*/20 * * * *"), try scheduledLane("a", "0 * * * *"), try scheduledLane("c", "0 0 31 2 *")]
        var lines: [String] = []
        ScheduleSimulation.write(
            for: lanes, from: instant("2026-01-01T00:00:00Z"), to: instant("2026-01-01T01:00:00Z"), zone: utc,
            line: { lines.append($0) }, note: { Issue.record("unexpected note \($0)") })
        #expect(
            lines == [
                "2026-01-01T00:00:00+00:00 a", "2026-01-01T00:00:00+00:00 b", "2026-01-01T00:20:00+00:00 b", "2026-01-01T00:40:00+00:00 b",
                "2026-01-01T01:00:00+00:00 a", "2026-01-01T01:00:00+00:00 b",
            ])
    }
}
