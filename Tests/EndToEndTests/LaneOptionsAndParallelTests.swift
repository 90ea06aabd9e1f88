import Foundation
import NightshiftTestSupport
import Testing

/// Issue #19 through the built binary: options on the command line, and `--parallel` at a
/// terminal (colour) and under Jenkins (plain).
@Suite("lane options and --parallel, end to end", .temporaryDirectory)
struct LaneOptionsAndParallelTests {
    static let lanes = """
        lanes:
          greet:
            options:
              who: { type: choice, values: [world, moon], default: world }
              times: { type: int, default: "1" }
              token: { secret: true }
            steps:
              - sh: echo "hello ${who} x$NIGHTSHIFT_OPTION_TIMES token=$token"
          other:
            steps:
              - sh: echo other
        """

    private func directory() throws -> String {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("options given as name=value and name:value reach the step; the secret one is masked; --json records them")
    func optionsReachTheStep() async throws {
        let directory = try directory()
        let outcome = try await NightshiftBinary.run(
            ["run", "greet", "who:moon", "times=3", "token=tok-5ecret-77", "--json", "r.json"], in: directory)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("hello moon x3 token=********"))
        #expect(!(outcome.standardOutput + outcome.standardError).contains("tok-5ecret-77"))
        let json = try String(contentsOfFile: directory + "/r.json", encoding: .utf8)
        #expect(json.contains("\"name\" : \"who\",\n          \"value\" : \"moon\""))
        #expect(!json.contains("tok-5ecret-77"))
    }

    @Test("run LANE --help prints the lane's options; run --help is still the command's help")
    func laneHelp() async throws {
        let directory = try directory()
        let lane = try await NightshiftBinary.run(["run", "greet", "--help"], in: directory)
        #expect(lane.exitCode == 0)
        #expect(lane.standardOutput.hasPrefix("lane greet\nusage: nightshift run greet [who=VALUE] [times=VALUE] [token=VALUE]\n"))
        #expect(lane.standardOutput.contains("  who (world|moon)  default: world\n"))
        let command = try await NightshiftBinary.run(["run", "--help"], in: directory)
        #expect(command.standardOutput.contains("USAGE: nightshift run"))
    }

    @Test("a bad option is exit 2 before anything runs, with a did-you-mean")
    func badOption() async throws {
        let directory = try directory()
        let outcome = try await NightshiftBinary.run(["run", "greet", "wh=moon", "times=x"], in: directory)
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.contains("error: lane 'greet' has no option 'wh'\nnote: did you mean 'who'?"))
        #expect(outcome.standardError.contains("error: option 'times' of lane 'greet' must be a whole number, found 'x'"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/.nightshift/runs"))
    }

    @Test("--parallel under Jenkins: plain [lane] prefixes and one table of every lane")
    func parallelUnderJenkins() async throws {
        let directory = try directory()
        let outcome = try await NightshiftBinary.run(
            ["run", "greet", "other", "--parallel"], in: directory, environment: ["BUILD_NUMBER": "7", "WORKSPACE": directory])
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("[greet]     hello world x1 token=\n"))
        #expect(outcome.standardOutput.contains("[other]     other\n"))
        #expect(!outcome.standardOutput.contains("\u{1B}["))
        #expect(outcome.standardOutput.contains("\ngreet  passed"))
        #expect(outcome.standardOutput.contains("\nother  passed"))
    }

    @Test(
        "--parallel at a terminal: each lane's name in its own colour",
        .enabled(if: NightshiftBinary.terminalWrapper != nil, "script(1) is not installed"))
    func parallelAtATerminal() async throws {
        let directory = try directory()
        let outcome = try await NightshiftBinary.runInTerminal(["run", "greet", "other", "--parallel"], in: directory)
        #expect(
            outcome.standardOutput.contains("[\u{1B}[") && outcome.standardOutput.contains("greet\u{1B}[0m] "), "\(outcome.standardOutput)")
    }
}
