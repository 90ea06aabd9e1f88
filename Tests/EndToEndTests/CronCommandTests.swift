import Foundation
import NightshiftCore
import NightshiftCron
import Testing

@Suite("nightshift cron, end to end")
struct CronCommandTests {
    /// Rows of ../shared/reference/jenkins-cron-sample.tsv (Jenkins' own scheduler's answers):
    /// DST in New York both ways, a seeded H, a TZ= multi-line spec, and seconds in the start.
    struct Vector: Sendable, CustomStringConvertible {
        var spec: String
        var seed: String?
        var zone: String
        var start: String
        var next: [String]
        var previous: String
        var description: String { "\(spec) @ \(start)" }
    }

    static let vectors = [
        Vector(
            spec: "0 * * * *", seed: nil, zone: "America/New_York", start: "2024-11-02T22:00:00-04:00",
            next: [
                "2024-11-02T22:00:00-04:00", "2024-11-02T23:00:00-04:00", "2024-11-03T00:00:00-04:00",
                "2024-11-03T01:00:00-04:00", "2024-11-03T01:00:00-05:00",
            ],
            previous: "2024-11-02T22:00:00-04:00"),
        Vector(
            spec: "H * * * *", seed: "brewer-nightly", zone: "America/New_York", start: "2024-11-02T22:00:00-04:00",
            next: [
                "2024-11-02T22:49:00-04:00", "2024-11-02T23:49:00-04:00", "2024-11-03T00:49:00-04:00",
                "2024-11-03T01:49:00-04:00", "2024-11-03T01:49:00-05:00",
            ],
            previous: "2024-11-02T21:49:00-04:00"),
        Vector(
            spec: "H H * * *", seed: "brewer-nightly", zone: "America/New_York", start: "2024-03-09T22:00:00-05:00",
            next: [
                "2024-03-11T02:49:00-04:00", "2024-03-12T02:49:00-04:00", "2024-03-13T02:49:00-04:00",
                "2024-03-14T02:49:00-04:00", "2024-03-15T02:49:00-04:00",
            ],
            previous: "2024-03-09T02:49:00-05:00"),
        Vector(
            spec: "TZ=Australia/Sydney\nH * * * *\nH * * * *", seed: "brewer-nightly", zone: "UTC", start: "2024-01-15T10:17:30+00:00",
            next: [
                "2024-01-15T10:49:00+00:00", "2024-01-15T11:14:00+00:00", "2024-01-15T11:49:00+00:00",
                "2024-01-15T12:14:00+00:00", "2024-01-15T12:49:00+00:00",
            ],
            previous: "2024-01-15T10:14:00+00:00"),
        Vector(
            spec: "0 * * * *", seed: nil, zone: "America/New_York", start: "2025-11-02T01:30:00-04:00",
            next: [
                "2025-11-02T01:00:00-05:00", "2025-11-02T02:00:00-05:00", "2025-11-02T03:00:00-05:00",
                "2025-11-02T04:00:00-05:00", "2025-11-02T05:00:00-05:00",
            ],
            previous: "2025-11-02T01:00:00-04:00"),
    ]

    static func cron(_ arguments: [String], zone: String? = nil) async throws -> NightshiftBinary.Outcome {
        // cron reads no file: any folder will do.
        try await NightshiftBinary.run(["cron"] + arguments, in: NSTemporaryDirectory(), environment: zone.map { ["TZ": $0] } ?? [:])
    }

    @Test("prints Jenkins' next five firings, and with --previous the last one", arguments: vectors)
    func matchesJenkins(vector: Vector) async throws {
        let seed = vector.seed.map { ["--seed", $0] } ?? []
        // The zone comes from --timezone, or from TZ as the system zone.
        let byFlag = try await Self.cron([vector.spec, "--from", vector.start, "--timezone", vector.zone] + seed)
        #expect(byFlag.exitCode == 0, "\(byFlag.standardError)")
        #expect(byFlag.standardOutput == vector.next.map { $0 + "\n" }.joined())
        let previous = try await Self.cron([vector.spec, "--from", vector.start, "--previous"] + seed, zone: vector.zone)
        #expect(previous.standardOutput == vector.previous + "\n")
    }

    @Test("--from is read in the zone when it has no offset, rounded up to the minute, and --count limits")
    func fromAndCount() async throws {
        let outcome = try await Self.cron(["30 2 * * *", "--from", "2025-03-08T02:30:01", "--count", "2"], zone: "America/New_York")
        #expect(outcome.standardOutput == "2025-03-10T02:30:00-04:00\n2025-03-11T02:30:00-04:00\n")
    }

    @Test("firings stop at the end of year 9999, with a note: nothing is printed that --from would reject (#15)")
    func endOfYear9999() async throws {
        let outcome = try await Self.cron(["* * * * *", "--from", "9999-12-31T23:58:00Z", "--count", "5"], zone: "UTC")
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput == "9999-12-31T23:58:00+00:00\n9999-12-31T23:59:00+00:00\n")
        #expect(outcome.standardError == "note: \(CronTimeFormat.endOfTimeNote)\n")
        let last = try await Self.cron(["* * * * *", "--from", "9999-12-31T23:59:00+00:00", "--count", "1"], zone: "UTC")
        #expect(last.standardOutput == "9999-12-31T23:59:00+00:00\n", "the last time printed is read back")
    }

    @Test("a spec Jenkins rejects: the reason on stderr, nothing on stdout, exit 2")
    func rejected() async throws {
        let outcome = try await Self.cron(["0 0 * * MON-FRI"])
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("error: invalid cron line 1 \"0 0 * * MON-FRI\", column 8"))
        #expect(outcome.standardError.contains("write 1-5 instead of MON-FRI"))
        let badZone = try await Self.cron(["@daily", "--timezone", "Europe/Berln"])
        #expect(badZone.exitCode == 2)
        #expect(badZone.standardError == "error: unknown time zone 'Europe/Berln'; did you mean 'Europe/Berlin'?\n")
    }

    @Test("--explain names the zone in force: --timezone, else the system zone by name, unless the spec has its own TZ= line")
    func explainZone() async throws {
        let option = try await Self.cron(["30 2 * * *", "--timezone", "Europe/Berlin", "--explain", "--count", "1"], zone: "UTC")
        #expect(option.standardOutput.contains("\n  time zone    Europe/Berlin (--timezone)\n  At 02:30 every day (Europe/Berlin time)\n"))
        let system = try await Self.cron(["30 2 * * *", "--explain", "--count", "1"], zone: "UTC")
        #expect(system.standardOutput.contains("\n  time zone    UTC (the system zone)\n  At 02:30 every day (UTC time)\n"))
        let own = try await Self.cron(["TZ=Asia/Tokyo\n30 2 * * *", "--timezone", "Europe/Berlin", "--explain", "--count", "1"])
        #expect(own.standardOutput.contains("\n  time zone    Asia/Tokyo (the spec's TZ= line)\n  At 02:30 every day (Asia/Tokyo time)\n"))
    }

    @Test("a spec of only comments is valid and prints nothing")
    func onlyComments() async throws {
        let outcome = try await Self.cron(["# paused until January\n\n"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.isEmpty && outcome.standardError.isEmpty)
    }
}
