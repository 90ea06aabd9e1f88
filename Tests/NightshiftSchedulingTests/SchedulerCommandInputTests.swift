import Foundation
@testable import NightshiftCore
@testable import NightshiftLanes
@testable import NightshiftScheduling
import NightshiftSystem
import Testing

/// What the scheduler's commands read from flags and the environment.
@Suite("Scheduler command inputs: zones, times, lane names, run ids")
struct SchedulerCommandInputTests {
    @Test("TZ names the system zone in the C library's spellings; unset or unknown falls back")
    func systemZone() {
        let fallback = TimeZone(identifier: "Asia/Tokyo")!
        for value in ["Europe/Berlin", ":Europe/Berlin", "/usr/share/zoneinfo/Europe/Berlin"] {
            #expect(SystemTimeZone.resolve(environment: ["TZ": value], fallback: fallback).identifier == "Europe/Berlin")
        }
        #expect(SystemTimeZone.resolve(environment: [:], fallback: fallback) == fallback)
        #expect(SystemTimeZone.resolve(environment: ["TZ": "Nowhere/Atall"], fallback: fallback) == fallback)
    }

    @Test("times are read with an offset, in the given zone without one, and bare dates as midnight")
    func times() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let now = Date(timeIntervalSince1970: 0)
        #expect(try TimeArgument.instant(nil, in: berlin, fallback: now) == now)
        #expect(try TimeArgument.instant("2026-01-01T00:00:00Z", in: berlin, fallback: now) == instant("2026-01-01T00:00:00Z"))
        #expect(try TimeArgument.instant("2026-01-01T01:00", in: berlin, fallback: now) == instant("2026-01-01T00:00:00Z"))
        #expect(try TimeArgument.instant("2026-07-01", in: berlin, fallback: now) == instant("2026-06-30T22:00:00Z"))
        #expect(throws: TimeArgumentError.unreadableTime("next tuesday")) {
            try TimeArgument.instant("next tuesday", in: berlin, fallback: now)
        }
    }

    @Test("an unknown zone is an error that suggests the closest name")
    func zones() throws {
        #expect(try TimeArgument.zone(nil, fallback: utc) == utc)
        #expect(try TimeArgument.zone("America/New_York", fallback: utc).identifier == "America/New_York")
        do {
            _ = try TimeArgument.zone("America/New_Yrok", fallback: utc)
            Issue.record("accepted a misspelt zone")
        } catch {
            #expect(error.description == "unknown time zone 'America/New_Yrok'; did you mean 'America/New_York'?")
        }
    }

    @Test("next names unknown lanes, with the closest name, and lanes without a schedule")
    func laneNames() throws {
        let file = try LanesFileLoader().parse(
            text: """
                project: { name: Demo }
                lanes:
                  nightly: { schedule: "H 0 * * *", steps: [{ sh: make }] }
                  lint: { steps: [{ sh: make }] }
                """, path: "lanes.yml")
        #expect(LanePreview.problems(naming: ["nightly"], in: file).isEmpty)
        #expect(
            LanePreview.problems(naming: ["nigthly", "lint"], in: file)
                == ["no lane named 'nigthly'; did you mean 'nightly'?", "lane 'lint' has no schedule"])
        #expect(LanePreview.lines(for: [], from: Date()) == ["No lane has a schedule."])
    }

    @Test("next names the zone each lane fires in, and prints its firings there: TZ= line, timezone:, else the system zone (UTC, not GMT)")
    func nextZones() throws {
        let system = try #require(TimeZone(identifier: "UTC"))
        let lanes = try [
            ScheduledLane(
                name: "tokyo", schedule: Schedule(cron: "TZ=Asia/Tokyo\n0 9 * * *", timeZone: "Europe/Berlin"), systemTimeZone: system),
            ScheduledLane(name: "berlin", schedule: Schedule(cron: "0 9 * * *", timeZone: "Europe/Berlin"), systemTimeZone: system),
            ScheduledLane(name: "plain", schedule: Schedule(cron: "0 9 * * *"), systemTimeZone: system),
        ]
        #expect(
            LanePreview.lines(for: lanes, from: instant("2026-01-05T12:00:00Z"), count: 1) == [
                "tokyo  TZ=Asia/Tokyo\\n0 9 * * *  (seed tokyo, Asia/Tokyo)", "  2026-01-06T09:00:00+09:00",
                "berlin  0 9 * * *  (seed berlin, Europe/Berlin)", "  2026-01-06T09:00:00+01:00",
                "plain  0 9 * * *  (seed plain, UTC)", "  2026-01-06T09:00:00+00:00",
            ])
    }

    @Test("nightshift run adopts the scheduler's run id when it is a plain folder name")
    func runIdentifier() {
        let now = instant("2026-11-22T01:30:00Z")
        #expect(
            RunIdentifier.make(
                now: now, environment: ["NIGHTSHIFT_RUN_ID": "20261122-004900-scheduled"],
                ci: CIEnvironment(["NIGHTSHIFT_RUN_ID": "20261122-004900-scheduled"]), processID: 1)
                == "20261122-004900-scheduled")
        for unsafe in ["", "..", "../escape", "a/b", "tab\there"] {
            #expect(
                RunIdentifier.make(
                    now: now, environment: ["NIGHTSHIFT_RUN_ID": unsafe], ci: CIEnvironment(["NIGHTSHIFT_RUN_ID": unsafe]), processID: 1
                ).hasPrefix("20261122-013000-"),
                "\(unsafe)")
        }
        #expect(
            RunIdentifier.make(
                now: now, environment: ["JENKINS_URL": "https://ci/", "BUILD_NUMBER": "7"],
                ci: CIEnvironment(["JENKINS_URL": "https://ci/", "BUILD_NUMBER": "7"]), processID: 1)
                == "20261122-013000-b7-1")
        #expect(RunIdentifier.scheduled(at: instant("2026-11-22T00:49:00Z")) == "20261122-004900-scheduled")
    }
}
