public import Foundation

public import NightshiftServices
public import NightshiftSystem
public import NightshiftCore

/// Everything of the outside world a command touches, injected: the executable's composition
/// root builds the live one, tests build one from fakes. A command reads no global state, so it
/// runs in process with a temporary folder, a captured output, a manual clock and a scripted shell.
public struct CommandEnvironment: Sendable {
    /// The folder relative paths (`--file`, `--junit`, `--output`, `.nightshift`) are read against.
    public var currentDirectory: AbsolutePath
    /// Where the lanes file and the `.env` stack are read from: the disk, or memory in tests.
    public var files: any FileReading
    /// The process environment.
    public var variables: EnvironmentVariables
    /// The terminal (or a capture). Commands write through a `MaskingOutputSink` around it.
    public var output: any OutputSink
    public var clock: any WallClock
    /// Makes the shell that runs commands for real (steps, openssl, the daemon's children).
    public var makeShell: @Sendable (ShellSettings) -> any ShellRunner
    /// Makes the HTTP transport every service client of the command sends through (App Store
    /// Connect, uploads, the notary, notifications): real sockets in the executable, a fake
    /// answered in process in tests.
    public var makeTransport: @Sendable () -> any HTTPTransport
    /// Whether standard error is a terminal: diagnostics are coloured there.
    public var standardErrorIsTerminal: Bool
    public var processID: Int32
    /// Delivers SIGINT/SIGTERM/SIGHUP to `run` and the scheduler daemon.
    public var signals: any SignalSource
    /// This executable: the daemon launches it as `nightshift run LANE` for each firing.
    public var executablePath: String
    /// The machine's zone, for schedules without `TZ=` or `timezone:` when `TZ` is unset.
    public var systemTimeZone: TimeZone

    /// The CI engine `variables` describe, when the composition root has read it already (it
    /// chose the terminal by it); nil: the command reads it from `variables`, once.
    public var ci: CIEnvironment?

    public init(
        currentDirectory: AbsolutePath, files: any FileReading, variables: EnvironmentVariables, output: any OutputSink,
        clock: any WallClock,
        makeShell: @escaping @Sendable (ShellSettings) -> any ShellRunner,
        makeTransport: @escaping @Sendable () -> any HTTPTransport, standardErrorIsTerminal: Bool,
        processID: Int32, signals: any SignalSource, executablePath: String, systemTimeZone: TimeZone, ci: CIEnvironment? = nil
    ) {
        self.ci = ci
        self.currentDirectory = currentDirectory
        self.files = files
        self.variables = variables
        self.output = output
        self.clock = clock
        self.makeShell = makeShell
        self.makeTransport = makeTransport
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.processID = processID
        self.signals = signals
        self.executablePath = executablePath
        self.systemTimeZone = systemTimeZone
    }
}

/// What a shell that runs real processes is made with.
public struct ShellSettings: Sendable {
    /// What the processes see.
    public var environment: EnvironmentVariables
    /// How long a stopped process gets between SIGTERM and SIGKILL.
    public var gracePeriod: Duration
    /// Where `run` forwards the signals it traps, to the running step's process group.
    public var teardownSignal: TeardownSignal
    /// Where commands run when they name no folder: the command's current directory, or nil
    /// when that is the process's own.
    public var workingDirectory: String?

    public init(
        environment: EnvironmentVariables, gracePeriod: Duration = .seconds(10), teardownSignal: TeardownSignal = TeardownSignal(),
        workingDirectory: String? = nil
    ) {
        self.environment = environment
        self.gracePeriod = gracePeriod
        self.teardownSignal = teardownSignal
        self.workingDirectory = workingDirectory
    }
}
