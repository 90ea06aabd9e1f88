public import NightshiftSystem
/// The services a run is handed. Built for real in exactly one place, the executable's
/// `CompositionRoot`; tests build it from fakes. No member has a default that touches the world.
public struct Dependencies: Sendable {
    public var shell: any ShellRunner
    public var keychain: any KeychainImporter
    public var uploaders: UploaderRegistry
    public var clock: any WallClock
    public var environment: EnvironmentVariables
    public var output: any OutputSink
    /// Where step logs are written.
    public var logFiles: any StepLogFiles

    public init(
        shell: any ShellRunner, keychain: any KeychainImporter, uploaders: UploaderRegistry,
        clock: any WallClock, environment: EnvironmentVariables, output: any OutputSink, logFiles: any StepLogFiles
    ) {
        self.shell = shell
        self.keychain = keychain
        self.uploaders = uploaders
        self.clock = clock
        self.environment = environment
        self.output = output
        self.logFiles = logFiles
    }
}
