import Foundation
import NightshiftCore
import NightshiftLanes
@testable import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// What a schedule's firing hands `nightshift run`: its options as name=value words, and a secret
/// one (issue #26, item 6) through the child's environment, never its argv.
@Suite("a firing's options")
struct FiringOptionsTests {
    @Test("a secret option of a schedule goes to the child as NIGHTSHIFT_OPTION_NAME, never as a word")
    func secretOptionInEnvironment() throws {
        let file = try LanesFileLoader().parse(
            text: """
                lanes:
                  n:
                    schedule: { cron: "H 6 * * 1", options: { track: external, api_token: tok-in-lanes-file } }
                    options: { track: {}, api_token: {} }
                    steps: [{ sh: make }]
                """, path: "l.yml")
        let lane = try #require(ScheduledLane.all(in: file.lanes, systemTimeZone: .gmt).first)
        #expect(lane.secretOptions == ["api_token"])
        let launch = lane.launch(scheduledAt: Date(), runID: "r")
        let launcher = ProcessLaneLauncher(
            shell: ScriptedShellRunner(), executable: "/bin/nightshift", lanesFile: "l.yml", environmentName: nil, workingDirectory: "/w",
            stateDirectory: .test("/w/.nightshift"))
        let command = launcher.command(for: launch)
        #expect(!command.arguments.joined().contains("tok-in-lanes-file"))
        #expect(command.arguments.prefix(3) == ["run", "n", "track=external"])
        #expect(command.environment["NIGHTSHIFT_OPTION_API_TOKEN"] == "tok-in-lanes-file")
    }

    @Test("a firing passes the schedule's options to nightshift run as name=value words")
    func firingPassesOptions() throws {
        let file = try LanesFileLoader().parse(
            text: """
                lanes:
                  n:
                    schedule: { cron: "H 6 * * 1", options: { track: external, note: "two words" } }
                    options: { track: { type: choice, values: [internal, external] }, note: {} }
                    steps: [{ sh: make }]
                """, path: "l.yml")
        let schedule = try #require(file.lane(named: "n")?.schedule)
        let launcher = ProcessLaneLauncher(
            shell: ScriptedShellRunner(), executable: "/bin/nightshift", lanesFile: "l.yml", environmentName: nil, workingDirectory: "/w",
            stateDirectory: .test("/w/.nightshift"))
        let command = launcher.command(for: LaneLaunch(lane: "n", scheduledAt: Date(), runID: "r", options: schedule.options))
        #expect(command.arguments.prefix(4) == ["run", "n", "note=two words", "track=external"])
    }
}
