import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerTestSupport

/// Each test runs its lane both ways a run can go, dry and for real, against the same strict
/// shell: the semantics agree; only the output differs (a real run writes logs, a dry run none and
/// shows each command as `$ command` in its step's output).
@Suite("Lane semantics", .temporaryDirectory)
struct LaneSemanticsTests {
    @Test("steps run in order and a failure stops the lane with the step named", arguments: LaneRunnerHarness.Mode.allCases)
    func failureStopsLane(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: one
                      - sh: two
                      - sh: three
                """)
        await harness.shell.onScripts("one", "three")
        await harness.shell.onScript(containing: "two", .output([(.standardError, "boom\n")], .exited(3)))
        let result = try await harness.run("ci")
        #expect(await harness.scripts() == ["one", "two"])
        #expect(result.status == .failed)
        #expect(result.statuses == ["one": .passed, "two": .failed, "three": .notRun])
        #expect(result.firstFailure?.message == "'two' failed with exit code 3")
        #expect(result.firstFailure?.exitCode == 3)
        // Where the modes differ: a dry run shows the command as the step's first line of output,
        // and only a real run keeps the failing step's output in its log.
        #expect(result.firstFailure?.outputTail == (mode == .real ? "boom" : "$ two\nboom"))
        #expect(try harness.log(of: "two", in: result) == (mode == .real ? "boom\n" : nil))
    }

    @Test(
        "exit 127 says 'command not found', naming the command as dash, bash, zsh or env printed it",
        arguments: [
            ("sh: 1: swiftlint: not found\n", "command not found: swiftlint"),
            ("/bin/sh: line 1: swiftlint: command not found\n", "command not found: swiftlint"),
            ("/bin/sh: swiftlint: command not found\n", "command not found: swiftlint"),
            ("zsh:1: command not found: swiftlint\n", "command not found: swiftlint"),
            ("/bin/sh: ./scripts/notify.sh: No such file or directory\n", "command not found: ./scripts/notify.sh"),
            ("env: 'swiftlint': No such file or directory\n", "command not found: swiftlint"),
            ("something else went wrong\n", "the shell's code for a command not found"),
        ])
    func commandNotFound(stderr: String, says: String) async throws {
        let harness = try LaneRunnerHarness(yaml: "lanes:\n  ci:\n    steps:\n      - sh: swiftlint --strict\n")
        await harness.shell.onScript(containing: "swiftlint", .output([(.standardError, stderr)], .exited(127)))
        let result = try await harness.run("ci")
        #expect(result.firstFailure?.message == "'swiftlint --strict' failed with exit code 127 (\(says))")
        #expect(result.firstFailure?.exitCode == 127)
    }

    @Test("continue_on_error keeps going and the lane passes with warnings", arguments: LaneRunnerHarness.Mode.allCases)
    func continueOnError(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: flaky
                        continue_on_error: true
                      - sh: after
                """)
        await harness.shell.onScript(containing: "flaky", .output([], .exited(1)))
        await harness.shell.onScripts("after")
        let result = try await harness.run("ci")
        #expect(result.status == .passedWithWarnings)
        #expect(result.statuses == ["flaky": .failedIgnored, "after": .passed])
    }

    @Test("always steps run after a failure and the first failure decides the result", arguments: LaneRunnerHarness.Mode.allCases)
    func alwaysRuns(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: build
                      - sh: test
                      - sh: cleanup
                        always: true
                """)
        await harness.shell.onScript(containing: "build", .output([], .exited(2)))
        await harness.shell.onScript(containing: "cleanup", .output([], .exited(5)))
        await harness.shell.onScripts("test")
        let result = try await harness.run("ci")
        #expect(await harness.scripts() == ["build", "cleanup"])
        #expect(result.firstFailure?.name == "build")
        #expect(result.statuses["test"] == .notRun)
    }

    @Test("if: skips a step whose condition is false and reports it skipped", arguments: LaneRunnerHarness.Mode.allCases)
    func conditions(mode: LaneRunnerHarness.Mode) async throws {
        var harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: deploy
                        if: "${BRANCH} == main"
                      - sh: preview
                        if: "${BRANCH} != main && ${PREVIEW}"
                      - sh: tagged
                        if: "!${TAG}"
                """)
        harness.environment = ["BRANCH": "main"]
        await harness.shell.onScripts("deploy", "tagged")
        let result = try await harness.run("ci")
        #expect(await harness.scripts() == ["deploy", "tagged"])
        #expect(result.statuses["preview"] == .skipped)
        #expect(result.status == .passed)
    }

    @Test("lane: runs the called lane's steps inline with its configuration", arguments: LaneRunnerHarness.Mode.allCases)
    func laneCalls(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                configurations:
                  prod: { certificate: c, provisioning_profile: p, build_configuration: Release, app_identifier: a.b, export_method: app-store }
                lanes:
                  nightly:
                    steps:
                      - sh: before
                      - lane: inner
                      - sh: after
                  inner:
                    configuration: prod
                    env: { WHERE: inner }
                    steps:
                      - sh: echo $NIGHTSHIFT_BUILD_CONFIGURATION
                """)
        await harness.shell.onScripts("before", "echo $NIGHTSHIFT_BUILD_CONFIGURATION", "after")
        _ = try await harness.run("nightly")
        let commands = await harness.shell.commands
        #expect(commands.map { $0.arguments.last ?? "" } == ["before", "echo $NIGHTSHIFT_BUILD_CONFIGURATION", "after"])
        #expect(commands[1].environment["NIGHTSHIFT_BUILD_CONFIGURATION"] == "Release")
        #expect(commands[1].environment["WHERE"] == "inner")
        #expect(commands[0].environment["NIGHTSHIFT_CONFIGURATION"] == nil)
    }

    @Test("lane and step env: interpolate, step wins over lane", arguments: LaneRunnerHarness.Mode.allCases)
    func environmentLayers(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    env: { GREETING: "hello ${WHO:-world}", LEVEL: lane }
                    steps:
                      - sh: run
                        env: { LEVEL: step }
                """)
        await harness.shell.onScripts("run")
        _ = try await harness.run("ci")
        let command = try #require(await harness.shell.commands.first)
        #expect(command.environment["GREETING"] == "hello world")
        #expect(command.environment["LEVEL"] == "step")
    }

    @Test("a missing variable is named before any step runs, and its value never appears", arguments: LaneRunnerHarness.Mode.allCases)
    func missingVariable(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: echo first
                      - sh: deploy --token ${API_TOKEN}
                """)
        let error = await #expect(throws: RunPreparationError.self) { try await harness.run("ci") }
        #expect(await harness.scripts().isEmpty)
        #expect(error?.description.contains("environment variable 'API_TOKEN' is not set") == true)
        #expect(error?.description.contains("lanes.yml:6:") == true)
    }

    @Test(
        "an export method read from a variable is checked against the upload before any step runs",
        arguments: LaneRunnerHarness.Mode.allCases)
    func exportMethodFromVariable(mode: LaneRunnerHarness.Mode) async throws {
        var harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                codesigning: { path: /signing }
                configurations:
                  chosen: { certificate: c, provisioning_profile: p, build_configuration: Release, app_identifier: a.b,
                            export_method: "${EXPORT_METHOD}" }
                lanes:
                  beta:
                    configuration: chosen
                    steps:
                      - sh: echo build
                      - upload: { to: testflight }
                """)
        harness.environment["EXPORT_METHOD"] = "release-testing"
        let error = await #expect(throws: RunPreparationError.self) { try await harness.run("beta") }
        #expect(await harness.scripts().isEmpty)
        #expect(
            error?.description.contains(
                "lanes.yml:11:9: error: upload to testflight takes App Store builds only, but configuration 'chosen' exports with method "
                    + "'release-testing', an ad-hoc build") == true)
        harness.environment["EXPORT_METHOD"] = "app-store-connect"
        let fitting = await #expect(throws: RunPreparationError.self) { try await harness.run("beta") }
        #expect(fitting?.description.contains("takes App Store builds") == false)
    }

    @Test("secrets are masked in step output and failure messages", arguments: LaneRunnerHarness.Mode.allCases)
    func masking(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(mode: mode, yaml: Self.leakingLane)
        await harness.shell.onScript(
            containing: "leak",
            .output([(.standardOutput, "token=s3cr3t-"), (.standardOutput, "token\n"), (.standardError, "s3cr3t-token\n")], .exited(1)))
        let result = try await harness.run("ci")
        #expect(!harness.output.standardOutput.contains("s3cr3t-token"))
        #expect(harness.output.standardOutput.contains("token=********"))
        #expect(result.firstFailure?.outputTail.contains("s3cr3t") == false)
        let log = try harness.log(of: "leak", in: result)
        #expect(mode == .real ? log == "token=********\n********\n" : log == nil)
    }

    private static let leakingLane = """
        project: { name: Demo }
        secrets: [DEPLOY_TOKEN]
        lanes:
          ci:
            steps:
              - sh: leak
        """

    /// A performer throws its failure as it is (BudgetTests' `mask(` count): the engine masks it.
    struct LeakingPerformer: StepPerformer {
        func perform(_ step: Step, in context: StepContext) async throws -> Termination {
            context.secrets.learn(["issued-token-42"])
            throw StepFailure("Apple said no to s3cr3t-token with issued-token-42", reason: .invalidSetting)
        }
    }

    @Test("a performer's failure is masked as it is recorded, with the lane's secrets and those the step learned")
    func failureMasked() async throws {
        var harness = try LaneRunnerHarness(yaml: Self.leakingLane)
        harness.performers = [.sh: LeakingPerformer()]
        let result = try await harness.run("ci")
        let step = try #require(result.steps.first)
        #expect(step.message == "Apple said no to ******** with ********")
        #expect(step.reason == .invalidSetting)
    }
}
