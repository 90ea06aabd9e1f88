/// A command to run, as a value: what the runner executes and what a dry run prints.
/// Arguments stay an array from end to end; nothing is ever joined and re-split by a shell
/// unless the command *is* a shell script (`ShellCommand.shell`).
public struct ShellCommand: Sendable, Hashable {
    /// An absolute path, or a bare name looked up on the command's `PATH` the way a shell does.
    public var executable: String
    public var arguments: [String]
    /// Overrides on top of the environment the runner was given.
    public var environment: [String: String]
    public var workingDirectory: String?
    /// Bytes written to the child's standard input, then closed. Passwords travel here, never on argv.
    public var standardInput: [UInt8]?
    /// Open descriptors the child keeps, as 3, 4, ... in this order: a step's named locks
    /// (`FileLock.descriptor`), so a lock outlives a killed nightshift as long as a process of
    /// its step runs (issue #26 §15). Not part of what the command prints.
    public var inheritedDescriptors: [Int32] = []

    public init(
        _ executable: String,
        _ arguments: [String] = [],
        environment: [String: String] = [:],
        workingDirectory: String? = nil,
        standardInput: [UInt8]? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.standardInput = standardInput
    }

    /// A `sh` step: the script runs under `/bin/sh -c`, as a user typed it.
    public static func shell(_ script: String, environment: [String: String] = [:]) -> ShellCommand {
        ShellCommand("/bin/sh", ["-c", script], environment: environment)
    }

    /// The whole argv, executable first.
    public var argv: [String] { [executable] + arguments }
}
