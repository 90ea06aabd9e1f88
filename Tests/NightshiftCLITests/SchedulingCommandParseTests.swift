import ArgumentParser
import Foundation
import NightshiftCore
import Testing
@testable import nightshift

/// The scheduler's commands parse the interface issue 6 fixes, and reject what makes no sense.
@Suite("Scheduling commands parse")
struct SchedulingCommandParseTests {
    @Test("cron takes a spec, seed, start, zone, count, --previous and --explain")
    func cron() throws {
        let command = try #require(
            try Nightshift.parseAsRoot([
                "cron", "H 0 * * 0-4", "--seed", "folder/job", "--from", "2026-01-01T00:00:00Z", "--timezone", "Europe/Berlin",
                "--count", "3", "--previous", "--explain",
            ]) as? CronCommand)
        #expect(command.spec == "H 0 * * 0-4")
        #expect(command.seed == "folder/job")
        #expect(command.from == "2026-01-01T00:00:00Z")
        #expect(command.timezone == "Europe/Berlin")
        #expect(command.count == 3)
        #expect(command.previous && command.explain)
        let defaults = try #require(try Nightshift.parseAsRoot(["cron", "@daily"]) as? CronCommand)
        #expect(defaults.count == 5 && !defaults.previous && defaults.seed == nil && defaults.from == nil)
        #expect(throws: (any Error).self) { try Nightshift.parseAsRoot(["cron", "@daily", "--count", "0"]) }
    }

    @Test("schedule: the daemon by default, --simulate with a window, or a service file")
    func schedule() throws {
        let daemon = try #require(try Nightshift.parseAsRoot(["schedule", "--file", "ci.yml", "--grace-period", "2m"]) as? ScheduleCommand)
        #expect(daemon.global.file == "ci.yml" && !daemon.simulate && daemon.gracePeriod == "2m")
        let simulation = try #require(
            try Nightshift.parseAsRoot(["schedule", "--simulate", "--from", "2026-01-01", "--to", "2026-01-08"]) as? ScheduleCommand)
        #expect(simulation.simulate && simulation.from == "2026-01-01" && simulation.to == "2026-01-08")
        #expect(try Nightshift.parseAsRoot(["schedule", "--print-systemd"]) is ScheduleCommand)
        for invalid in [
            ["--simulate", "--from", "2026-01-01"], ["--from", "2026-01-01", "--to", "2026-01-02"],
            ["--print-launchd", "--print-systemd"], ["--grace-period", "soon"],
        ] {
            #expect(throws: (any Error).self, "\(invalid)") { try Nightshift.parseAsRoot(["schedule"] + invalid) }
        }
    }

    @Test("a grace period past 30 days is a usage error, not a crash at SIGTERM")
    func gracePeriodBound() throws {
        #expect(try Nightshift.parseAsRoot(["schedule", "--grace-period", "30d"]) is ScheduleCommand)
        for huge in ["30d1ms", "9223372036854775807", "9223372036854775807d"] {
            let error = #expect(throws: (any Error).self, "\(huge)") { try Nightshift.parseAsRoot(["schedule", "--grace-period", huge]) }
            #expect(error.map { Nightshift.message(for: $0) } == "--grace-period: '\(huge)' must be at most 30d")
        }
    }

    @Test("next takes lane names; history a lane and --json")
    func nextAndHistory() throws {
        let next = try #require(try Nightshift.parseAsRoot(["next", "developer-release", "qa-release", "--count", "2"]) as? NextCommand)
        #expect(next.lanes == ["developer-release", "qa-release"] && next.count == 2)
        let history = try #require(try Nightshift.parseAsRoot(["history", "qa-release", "--json"]) as? HistoryCommand)
        #expect(history.lane == "qa-release" && history.json && history.limit == 50)
    }

    @Test("history --tests takes --last; --last alone or below 1 is a usage error")
    func historyTests() throws {
        let history = try #require(try Nightshift.parseAsRoot(["history", "--tests", "nightly", "--last", "5"]) as? HistoryCommand)
        #expect(history.tests && history.lane == "nightly" && history.last == 5)
        #expect(throws: (any Error).self) { try Nightshift.parseAsRoot(["history", "--last", "5"]) }
        #expect(throws: (any Error).self) { try Nightshift.parseAsRoot(["history", "--tests", "--last", "0"]) }
    }
}
