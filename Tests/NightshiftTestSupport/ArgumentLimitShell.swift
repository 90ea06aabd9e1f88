public import NightshiftSystem

/// A shell that refuses a command line the kernel of a Mac would refuse (E2BIG, "Argument list
/// too long": `getconf ARG_MAX` is 1 MiB there, for the arguments and the environment
/// together, each string with its NUL and pointer) before handing the rest to `inner`.
public struct ArgumentLimitShell: ShellRunner {
    public static let macOSArgumentMaximum = 1 << 20
    public let inner: any ShellRunner

    public init(inner: any ShellRunner) { self.inner = inner }

    public static func size(of command: ShellCommand) -> Int {
        let strings = command.argv + command.environment.map { "\($0.key)=\($0.value)" }
        return strings.reduce(0) { $0 + $1.utf8.count + 1 + MemoryLayout<UnsafeRawPointer>.size }
    }

    public func run(_ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) async throws
        -> Termination
    {
        guard Self.size(of: command) <= Self.macOSArgumentMaximum else {
            throw ShellRunnerError(executable: command.executable, reason: "Argument list too long (E2BIG)")
        }
        return try await inner.run(command, onOutput: onOutput)
    }
}
