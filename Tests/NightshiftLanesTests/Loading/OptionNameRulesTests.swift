import Foundation
@testable import NightshiftCore
@testable import NightshiftLanes
@testable import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Issue #26, items 4 and 10: what an option's name alone decides at load.
@Suite("option names at load: reserved names and secret names")
struct OptionNameRulesTests {
    @Test(
        "an option named like a variable the shell, the loader or nightshift reads is an error at its name, in any case",
        arguments: [
            "PATH", "path", "HOME", "IFS", "LD_PRELOAD", "ld_library_path", "DYLD_INSERT_LIBRARIES", "TMPDIR", "SHELL", "USER",
            "NIGHTSHIFT_RUN_ID", "nightshift_anything", "ENV", "BASH_ENV",
        ])
    func reservedNames(_ name: String) {
        let found = LaneOptionDeclarationTests.problems(LaneOptionDeclarationTests.lane(options: "      \(name): {}"))
        #expect(found.first?.hasPrefix("4:7 option name '\(name)' ") == true, "\(found)")
    }

    @Test("names that only contain a reserved one load", arguments: ["path_prefix", "home_page", "user_count", "shell_script", "build"])
    func ordinaryNames(_ name: String) {
        #expect(LaneOptionDeclarationTests.problems(LaneOptionDeclarationTests.lane(options: "      \(name): {}")).isEmpty)
    }

    @Test("an option named like a secret is secret without `secret: true`, case-insensitively; others are not")
    func secretByName() throws {
        let text = LaneOptionDeclarationTests.lane(
            options: "      deploy_password: {}\n      API_TOKEN: {}\n      db_pass: {}\n      pass_through: {}\n      version: {}")
        let file = try LanesFileLoader().parse(text: text, path: "l.yml")
        let lane = try #require(file.lane(named: "n"))
        #expect(lane.options.map(\.isSecret) == [true, true, true, false, false])
    }
}

/// Issue #26, item 6, for `nightshift schedule`: a schedule's secret option reaches the child
/// through its environment, not its argv.
@Suite("a firing's secret options")
struct FiringSecretOptionsTests {
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
            stateDirectory: "/w/.nightshift")
        let command = launcher.command(for: launch)
        #expect(!command.arguments.joined().contains("tok-in-lanes-file"))
        #expect(command.arguments.prefix(3) == ["run", "n", "track=external"])
        #expect(command.environment["NIGHTSHIFT_OPTION_API_TOKEN"] == "tok-in-lanes-file")
    }
}
