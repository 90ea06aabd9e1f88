import Foundation
@testable import NightshiftCore
import NightshiftCron
@testable import NightshiftLanes
import Testing

/// Schedules are parsed when the file loads; a rejected spec points at the bad field inside the
/// YAML value, whatever way the value is written.
@Suite("Schedules validated at load time")
struct ScheduleValidationTests {
    /// A one-lane file whose lane `n` has `schedule` written on line 4, after `    schedule: `.
    static func file(schedule: String) -> String {
        "project: { name: Demo }\nlanes:\n  n:\n    schedule: \(schedule)\n    steps: [{ sh: make }]\n"
    }

    static func location(of schedule: String) -> String? {
        do {
            _ = try LanesFileLoader().parse(text: file(schedule: schedule), path: "l.yml")
            return nil
        } catch {
            return error.diagnostics.first.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        }
    }

    @Test(
        "the error points at the offending term inside the value",
        arguments: [
            // `    schedule: ` is 14 characters, so the value starts at column 15.
            ("H 0 * * 8", "4:23"),
            ("'H 0 * * 8'", "4:24"),
            ("'H 0 ''x'' * *'", "4:20"),
            (#""H 0 * * \u0031-9""#, "4:24"),
            (#""TZ=UTC\nH 0 * 13 *""#, "4:30"),
            ("|\n      TZ=UTC\n      # comment\n      H 0 * 13 *", "7:13"),
            ("|\n      H 0 * * *\n\n      H 60 * * *", "7:9"),
        ])
    func pointsAtTheTerm(schedule: String, expected: String) throws {
        let found = try #require(Self.location(of: schedule))
        #expect(found.hasPrefix(expected + " invalid schedule for lane 'n'"), "\(found)")
    }

    @Test(
        "a value folded over several lines is reported at its start",
        arguments: [
            (">\n      H 0\n      * * 8", "4:15"),
            ("H 0\n      * * 8", "4:15"),
        ])
    func foldedFallsBackToTheValue(schedule: String, expected: String) throws {
        let found = try #require(Self.location(of: schedule))
        #expect(found.hasPrefix(expected + " "), "\(found)")
    }

    @Test("valid schedules in every YAML style load, and a bad zone is reported at the timezone value")
    func validStyles() throws {
        for schedule in [
            "H 0 * * 0-4", "'@daily'", "|\n      TZ=Europe/Berlin\n      H 2 * * *", "{ cron: '@weekly', timezone: Asia/Tokyo }",
        ] {
            let file = try LanesFileLoader().parse(text: Self.file(schedule: schedule), path: "l.yml")
            #expect(file.lanes.first?.schedule != nil, "\(schedule)")
        }
        #expect(
            Self.location(of: "{ cron: '@weekly', timezone: Asia/Tokio }")
                == "4:44 lane 'n'.schedule.timezone: unknown time zone 'Asia/Tokio'")
    }

    @Test("a schedule that never fires loads, with a warning at the line that never fires (#15)")
    func neverFires() throws {
        let file = try LanesFileLoader().parse(text: Self.file(schedule: "0 0 31 2 *"), path: "l.yml")
        #expect(
            file.warnings.map(\.description) == [
                "l.yml:4:15: warning: the schedule of lane 'n' never fires: no date matches '0 0 31 2 *' "
                    + "(a day its month does not have, or a weekday that day never falls on)"
            ])
        let twoLines = try LanesFileLoader().parse(text: Self.file(schedule: "|\n      H 2 * * *\n      0 0 30 2 *"), path: "l.yml")
        #expect(twoLines.warnings.map { $0.location.map { "\($0.line):\($0.column)" } } == ["6:7"])
        for rare in ["0 0 29 2 1", "0 0 31 * *", "H H 30 4 *", "0 0 13 * 5", "@yearly"] {
            let file = try LanesFileLoader().parse(text: Self.file(schedule: "'\(rare)'"), path: "l.yml")
            #expect(file.warnings.isEmpty, "\(rare) fires, if rarely")
        }
    }

    @Test("range and step errors locate the term while keeping Jenkins' column")
    func termOffset() throws {
        do {
            _ = try CronSpec("  60 * * * *", seed: nil)
            Issue.record("accepted minute 60")
        } catch {
            #expect(error.column == 2)
            #expect(error.offsetInLine == 4)
            #expect(error.faultOffsetInLine == 2)
        }
    }
}
