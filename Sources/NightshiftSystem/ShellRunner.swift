/// Which of a child's output streams a chunk came from.
public enum OutputChannel: Sendable, Hashable {
    case standardOutput
    case standardError
}

/// Where a command's output goes while it runs (the step's log and terminal).
public typealias CommandOutput = @Sendable (OutputChannel, [UInt8]) async -> Void

/// How a child process ended. A non-zero exit is a result, not an error.
public enum Termination: Sendable, Hashable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    public var succeeded: Bool { self == .exited(0) }

    public var description: String {
        switch self {
        case .exited(let code): "exit code \(code)"
        case .signalled(let signal): "killed by signal \(signal)"
        }
    }
}

/// Runs commands. The only way nightshift starts a process.
public protocol ShellRunner: Sendable {
    /// Runs `command`, handing raw output chunks to `onOutput` as they arrive (never buffering the
    /// whole output). Cancelling the calling task tears down the command's whole process group:
    /// SIGTERM, a grace period, then SIGKILL.
    /// - Throws: `ShellRunnerError` when the command cannot be started at all.
    func run(
        _ command: ShellCommand,
        onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void
    ) async throws -> Termination
}

/// A command that could not be started (as opposed to one that ran and failed).
public struct ShellRunnerError: Error, Sendable, Hashable, CustomStringConvertible {
    public var executable: String
    public var reason: String

    public init(executable: String, reason: String) {
        self.executable = executable
        self.reason = reason
    }

    public var description: String { "cannot run '\(executable)': \(reason)" }
}
