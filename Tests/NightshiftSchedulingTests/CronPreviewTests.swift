import Foundation
import NightshiftCron
@testable import NightshiftScheduling
import Testing

@Suite("Cron specs beyond the vectors, through the cron preview")
struct CronPreviewTests {
    let utc = TimeZone(identifier: "UTC")!

    func firings(_ spec: String, seed: String? = nil, from: String, zone: String = "UTC", count: Int = 5) throws -> [String] {
        let timeZone = try #require(TimeZone(identifier: zone))
        return try CronPreview.lines(
            for: CronQuery(
                spec: spec, seed: seed, from: try #require(CronTimeFormat.date(from: from, defaultZone: timeZone)),
                timeZone: timeZone, count: count))
    }

    @Test("H values repeat Jenkins' repeatedHash example: one stream across lines")
    func sharedHashStream() throws {
        let spec = try CronSpec("H * * * *\nH * * * *", seed: "seed")
        #expect(spec.lines.map { $0.fields.values(of: .minute) } == [[35], [56]])
    }

    @Test("lines ended by CRLF read as the same lines ended by LF")
    func crlfLines() throws {
        let crlf = try CronSpec("TZ=Europe/Berlin\r\n# nightly\r\nH 2 * * 1-5\r\n5 * * * *", seed: "lane")
        let lf = try CronSpec("TZ=Europe/Berlin\n# nightly\nH 2 * * 1-5\n5 * * * *", seed: "lane")
        #expect(crlf.lines.map(\.text) == ["H 2 * * 1-5", "5 * * * *"])
        #expect(crlf.lines.map { $0.fields.values(of: .minute) } == lf.lines.map { $0.fields.values(of: .minute) })
        #expect(crlf.lines.first?.timeZoneIdentifier == "Europe/Berlin")
    }

    @Test("without a seed every H takes the lowest value of its range")
    func zeroHash() throws {
        let spec = try CronSpec("H H H H H\nH(10-20)/5 H/6 * * *", seed: nil)
        #expect(spec.lines[0].fields.values(of: .dayOfMonth) == [1])
        #expect(spec.lines[1].fields.values(of: .minute) == [10, 15, 20])
        #expect(spec.lines[1].fields.values(of: .hour) == [0, 6, 12, 18])
    }

    @Test("day of month and day of week combine with AND: Friday the 13th")
    func fridayThe13th() throws {
        #expect(
            try firings("0 0 13 * 5", from: "2026-01-01T00:00:00Z", count: 2) == ["2026-02-13T00:00:00+00:00", "2026-03-13T00:00:00+00:00"])
    }

    @Test("Feb 29 on a Monday is found decades ahead, and impossible dates never fire")
    func rareDates() throws {
        #expect(try firings("0 0 29 2 1", from: "2025-01-01T00:00:00Z", count: 1) == ["2044-02-29T00:00:00+00:00"])
        #expect(try firings("0 0 31 4 *", from: "2025-01-01T00:00:00Z").isEmpty)
    }

    @Test("spring-forward skips the missing wall time; fall-back fires the repeated one twice")
    func daylightSaving() throws {
        #expect(
            try firings("30 2 * * *", from: "2025-03-08T12:00:00-05:00", zone: "America/New_York", count: 2)
                == ["2025-03-10T02:30:00-04:00", "2025-03-11T02:30:00-04:00"])
        #expect(
            try firings("30 1 * * *", from: "2025-11-02T00:00:00-04:00", zone: "America/New_York", count: 3)
                == ["2025-11-02T01:30:00-04:00", "2025-11-02T01:30:00-05:00", "2025-11-03T01:30:00-05:00"])
        #expect(
            try firings("0 2 * * *", from: "2025-10-05T00:00:00+10:30", zone: "Australia/Lord_Howe", count: 1)
                == ["2025-10-06T02:00:00+11:00"])
    }

    @Test("the cron command rounds --from up to the minute and prints the previous firing with --previous")
    func previewRounding() throws {
        #expect(try firings("* * * * *", from: "2026-01-01T10:00:01Z", count: 1) == ["2026-01-01T10:01:00+00:00"])
        let query = CronQuery(
            spec: "0 0 * * *", from: try #require(CronTimeFormat.date(from: "2026-01-01T10:00:00Z", defaultZone: utc)),
            timeZone: utc, previous: true)
        #expect(try CronPreview.lines(for: query) == ["2026-01-01T00:00:00+00:00"])
        #expect(try firings("# only a comment", from: "2026-01-01T10:00:00Z").isEmpty)
    }

    @Test("an @alias line keeps the TZ= zone (Jenkins drops it) unless Jenkins' behaviour is asked for")
    func aliasKeepsZone() throws {
        let kept = try CronSpec("TZ=Asia/Taipei\n@daily", seed: "x")
        #expect(kept.lines[0].timeZone?.identifier == "Asia/Taipei")
        let jenkins = try CronSpec("TZ=Asia/Taipei\n@daily", seed: "x", aliasesKeepTimeZone: false)
        #expect(jenkins.lines[0].timeZone == nil)
    }

    @Test("month and day names are rejected with the numbers to use instead")
    func namesSuggestNumbers() {
        #expect(throws: CronSyntaxError.self) { try CronSpec("0 0 * * MON-FRI", seed: nil) }
        let month = #expect(throws: CronSyntaxError.self) { try CronSpec("# nightly\n0 0 * JAN *", seed: nil) }
        #expect(month?.line == 2)
        #expect(month?.column == 6)
        #expect(month?.field == .month)
        #expect(month?.message.contains("write 1 instead of JAN") == true)
        let weekdays = #expect(throws: CronSyntaxError.self) { try CronSpec("  0 0 * * MON-FRI", seed: nil) }
        #expect(weekdays?.offsetInLine == 10)
        #expect(weekdays?.message.contains("write 1-5 instead of MON-FRI") == true)
    }

    @Test("a sixth field and a trailing comment are rejected at the extra field")
    func extraField() {
        do {
            _ = try CronSpec("0 0 * * * 2026", seed: nil)
            Issue.record("accepted a sixth field")
        } catch {
            #expect(error.column == 9)
            #expect(error.message.contains("exactly 5 fields"))
        }
    }

    @Test("explain shows each field resolved and a sentence")
    func explanation() throws {
        let query = CronQuery(
            spec: "H 0 * * 0-4", seed: "nightly-dev", from: Date(timeIntervalSince1970: 0), timeZone: utc, count: 1, explain: true)
        let lines = try CronPreview.lines(for: query)
        let minute = try CronSpec("H 0 * * 0-4", seed: "nightly-dev").lines[0].fields.values(of: .minute)[0]
        #expect(lines.first == "line 1: H 0 * * 0-4")
        #expect(lines.contains("  day of week  0-4"))
        #expect(lines.contains("  time zone    UTC (the system zone)"))
        #expect(lines.contains("  At 00:\(minute < 10 ? "0" : "")\(minute) on Sunday, Monday, Tuesday, Wednesday and Thursday (UTC time)"))
    }

    @Test("explain names the zone in force: the spec's TZ= line, else --timezone, else the system zone, UTC not GMT")
    func explanationZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        func explained(_ spec: String, _ zone: TimeZone, _ origin: CronQuery.ZoneOrigin) throws -> [String] {
            try CronPreview.lines(
                for: CronQuery(
                    spec: spec, from: Date(timeIntervalSince1970: 0), timeZone: zone, timeZoneOrigin: origin,
                    count: 1, explain: true))
        }
        let option = try explained("30 2 * * *", berlin, .option)
        #expect(option.contains("  time zone    Europe/Berlin (--timezone)"))
        #expect(option.contains("  At 02:30 every day (Europe/Berlin time)"))
        let system = try explained("30 2 * * *", berlin, .system)
        #expect(system.contains("  time zone    Europe/Berlin (the system zone)"))
        #expect(try #require(TimeZone(identifier: "UTC")).identifier == "GMT", "Foundation's spelling, which nightshift does not print")
        let utcSystem = try explained("30 2 * * *", try #require(TimeZone(identifier: "UTC")), .system)
        #expect(utcSystem.contains("  time zone    UTC (the system zone)"))
        #expect(utcSystem.contains("  At 02:30 every day (UTC time)"))
        let ownLine = try explained("TZ=Asia/Tokyo\n30 2 * * *", berlin, .option)
        #expect(ownLine.contains("  time zone    Asia/Tokyo (the spec's TZ= line)"))
        #expect(ownLine.contains("  At 02:30 every day (Asia/Tokyo time)"))
        #expect(ownLine.last == "1970-01-01T18:30:00+01:00", "02:30 in Tokyo, printed in --timezone")
    }
}
