import Foundation
public import NightshiftTestSupport
public import NightshiftCore
public import NightshiftEngine
import NightshiftLanes
public import NightshiftRunnerBuilder
public import NightshiftSystem
public import Testing

/// Builds a lane runner over fakes: a scripted shell, a manual clock, captured output.
public struct LaneRunnerHarness: Sendable {
    /// How the lanes run: as `--dry-run` flags them (no logs, no command echo), or for real,
    /// writing step logs under a state folder of the test's own, against the same strict shell.
    public enum Mode: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case dryRun = "dry run"
        case real
        public var testDescription: String { rawValue }
    }

    public let shell = ScriptedShellRunner()
    public let clock = ManualClock()
    public let output = CapturingOutputSink()
    public let interruption = RunInterruption()
    public let file: LanesFile
    public var environment: EnvironmentVariables = ["BRANCH": "main", "DEPLOY_TOKEN": "s3cr3t-token"]
    public var performers: StepPerformers = [.sh: ShellStepPerformer()]
    public var logFiles: any StepLogFiles = DiskStepLogFiles()
    /// A dry run writes no logs; a test of the logs turns it off (and gets a fresh state folder).
    public var isDryRun = true
    public var stateDirectory = NSTemporaryDirectory() + "nightshift-tests"
    /// Where `xcode:` finds Xcodes; nil finds none.
    public var xcodeInstalls: (any XcodeInstalls)?

    public init(yaml: String) throws {
        file = try LanesFileLoader().parse(text: yaml, path: "lanes.yml")
    }

    /// In `.real` mode the state folder is made inside the test's `.temporaryDirectory`.
    public init(mode: Mode, yaml: String) throws {
        try self.init(yaml: yaml)
        if mode == .real {
            isDryRun = false
            stateDirectory = try TemporaryDirectory.make("state")
        }
    }

    /// The log a real run wrote for `step`, or nil (a dry run writes none).
    public func log(of step: String, in result: LaneResult) throws -> String? {
        guard let path = result.steps.first(where: { $0.name == step })?.logPath else { return nil }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    public func runner() -> LaneRunner {
        builder().build()
    }

    /// The builder behind `runner()`, for tests that change one more part of the run.
    public func builder() -> LaneRunnerBuilder {
        var builder = LaneRunnerBuilder(
            file: file, shell: shell, clock: clock, environment: environment, output: output,
            options: RunOptions(isDryRun: isDryRun, stateDirectory: stateDirectory, runID: "test", ci: CIEnvironment(environment)))
        builder.performers = performers
        builder.logFiles = logFiles
        builder.interruption = interruption
        builder.xcodeInstalls = xcodeInstalls
        return builder
    }

    /// Runs `lane`; a command the test did not script is an issue of its own, named.
    public func run(_ lane: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> LaneResult {
        let result = try await runner().run(lane)
        let unscripted = await shell.unscripted.map(\.argv)
        #expect(unscripted.isEmpty, "commands the test did not script: \(unscripted)", sourceLocation: sourceLocation)
        return result
    }

    /// Waits (`waitUntil`) until the shell was asked to run `count` commands, so a
    /// test moves the clock only once the step it means is running.
    public func waitForCommands(_ count: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await waitUntil("the shell was asked to run \(count) command(s)", sourceLocation: sourceLocation) {
            if let command = await shell.unscripted.first {
                Issue.record("waiting for command \(count), but \(command.argv) was not scripted", sourceLocation: sourceLocation)
                return true
            }
            return await shell.commands.count >= count
        }
    }

    /// The scripts the shell was asked to run, in order.
    public func scripts() async -> [String] {
        await shell.commands.map { $0.arguments.last ?? "" }
    }
}

extension LaneResult {
    public var statuses: [String: StepStatus] {
        Dictionary(steps.map { ($0.name, $0.status) }, uniquingKeysWith: { first, _ in first })
    }
}
