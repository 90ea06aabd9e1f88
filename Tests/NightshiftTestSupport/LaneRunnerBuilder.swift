public import NightshiftKit
public import NightshiftSystem

/// Builds a `LaneRunner` over the parts a test chooses, wired as the executable's
/// `CompositionRoot.runSession` wires a real run: one shell for the steps and the keychain
/// importer, a plain console reporter on the same output, and the masker the runner makes for
/// its file and environment. The keychain importer takes no search-list lock and there are no
/// uploaders: tests that need them add performers of their own.
public struct LaneRunnerBuilder {
    public var file: LanesFile
    public var shell: any ShellRunner
    public var clock: any WallClock
    public var environment: EnvironmentVariables
    public var output: any OutputSink
    public var performers: [String: any StepPerformer] = ["sh": ShellStepPerformer()]
    public var logFiles: any StepLogFiles = DiskStepLogFiles()
    public var interruption = RunInterruption()
    public var options: RunOptions
    /// Whether the console reporter stamps its lines with the time.
    public var timestamps = false

    public init(
        file: LanesFile, shell: any ShellRunner, clock: any WallClock, environment: EnvironmentVariables,
        output: any OutputSink, options: RunOptions
    ) {
        self.file = file
        self.shell = shell
        self.clock = clock
        self.environment = environment
        self.output = output
        self.options = options
    }

    public func build() -> LaneRunner {
        let dependencies = Dependencies(
            shell: shell, keychain: SecurityKeychainImporter(shell: shell, searchListLock: UnlockedSearchList()),
            uploaders: UploaderRegistry(), clock: clock, environment: environment, output: output, logFiles: logFiles)
        return LaneRunner(
            file: file, dependencies: dependencies, performers: performers,
            reporter: ConsoleReporter(output: output, style: ConsoleStyle(colour: false, timestamps: timestamps), clock: clock),
            interruption: interruption, options: options)
    }
}
