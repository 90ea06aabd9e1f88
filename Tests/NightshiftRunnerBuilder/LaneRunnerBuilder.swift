public import NightshiftCore
public import NightshiftEngine
import NightshiftReporting
public import NightshiftSystem

/// Builds a `LaneRunner` over the parts a test chooses, wired as NightshiftApp's `prepareRun`
/// wires a real run: one shell for the steps, a plain console reporter on the same output, and
/// the secrets a run of its file in its environment starts with. Only `sh:` has a performer unless a
/// test adds its own (signing, uploads), and tool output is shown whole unless it sets
/// `outputCondenser`.
public struct LaneRunnerBuilder {
    public var file: LanesFile
    public var shell: any ShellRunner
    public var clock: any WallClock
    public var environment: EnvironmentVariables
    public var output: any OutputSink
    public var performers: StepPerformers = [.sh: ShellStepPerformer()]
    public var outputCondenser: OutputCondenserFactory?
    public var logFiles: any StepLogFiles = DiskStepLogFiles()
    public var interruption = RunInterruption()
    public var options: RunOptions
    /// Where `locks:` are kept; nil makes a step with locks fail for want of HOME.
    public var namedLocks: (any NamedLocks)?
    /// Whether the console reporter stamps its lines with the time.
    public var timestamps = false
    /// Runs read-only commands (`xcodebuild -showBuildSettings`) even in a dry run; nil: `shell`.
    public var inspectionShell: (any ShellRunner)?
    /// Where `xcode:` finds Xcodes; nil finds none.
    public var xcodeInstalls: (any XcodeInstalls)?

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
        var dependencies = Dependencies(
            shell: shell, clock: clock, environment: environment, output: output, logFiles: logFiles,
            outputCondenser: outputCondenser, namedLocks: namedLocks)
        dependencies.inspectionShell = inspectionShell
        dependencies.xcodeInstalls = xcodeInstalls
        return LaneRunner(
            file: file, dependencies: dependencies, performers: performers,
            reporter: ConsoleReporter(output: output, style: ConsoleStyle(colour: false, timestamps: timestamps), clock: clock),
            interruption: interruption, options: options, secrets: RunSecrets(secrets: file.secretValues(in: environment)))
    }
}
