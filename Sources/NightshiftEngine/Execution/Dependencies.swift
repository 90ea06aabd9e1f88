public import NightshiftSystem
/// The services the engine hands every lane. Built for real in exactly one place, the executable's
/// `CompositionRoot`; tests build it from fakes. No member has a default that touches the world.
/// What one capability alone needs (the keychain for signing, the uploaders) is handed to that
/// capability's performer instead, so the engine does not know it.
public struct Dependencies: Sendable {
    public var shell: any ShellRunner
    public var clock: any WallClock
    public var environment: EnvironmentVariables
    public var output: any OutputSink
    /// Where step logs are written.
    public var logFiles: any StepLogFiles
    /// The rules for output shown condensed (xcodebuild's); nil shows it whole.
    public var outputCondenser: OutputCondenserFactory?
    /// Runs read-only commands for real even under `--dry-run`, whose `shell` only prints: the
    /// run journal's `git rev-parse HEAD`, an upload's reading of the .ipa; nil uses `shell`.
    public var inspectionShell: (any ShellRunner)?
    /// Where `locks:` are kept (issue #19); nil where the user has no home to keep them under.
    public var namedLocks: (any NamedLocks)?
    /// Where `xcode:` looks for installed Xcodes; nil finds none (a pin is then an error).
    public var xcodeInstalls: (any XcodeInstalls)?

    public init(
        shell: any ShellRunner, clock: any WallClock, environment: EnvironmentVariables, output: any OutputSink, logFiles: any StepLogFiles,
        outputCondenser: OutputCondenserFactory? = nil, namedLocks: (any NamedLocks)? = nil
    ) {
        self.namedLocks = namedLocks
        self.shell = shell
        self.clock = clock
        self.environment = environment
        self.output = output
        self.logFiles = logFiles
        self.outputCondenser = outputCondenser
    }
}
