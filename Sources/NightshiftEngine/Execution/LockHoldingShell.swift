import NightshiftSystem

/// The shell of a step that holds named locks: every command it starts keeps a copy of each
/// lock's descriptor (issue #26 §15), so the locks stay held while any process of the step runs,
/// even once nightshift itself is killed (SIGKILL gives it no chance to end the step's processes,
/// and they would otherwise run on unprotected). While nightshift lives nothing changes: it lets
/// go of the locks explicitly when the step ends, which frees them for every copy.
struct LockHoldingShell: ShellRunner {
    let base: any ShellRunner
    let descriptors: [Int32]

    func run(_ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) async throws -> Termination {
        var command = command
        command.inheritedDescriptors += descriptors
        return try await base.run(command, onOutput: onOutput)
    }
}
