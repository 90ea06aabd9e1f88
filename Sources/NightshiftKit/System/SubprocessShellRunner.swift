import Foundation
internal import Subprocess
#if canImport(System)
internal import System
#else
internal import SystemPackage
#endif

/// The real `ShellRunner`: spawns each command with swift-subprocess in a process group of its
/// own, streams stdout and stderr as raw chunks, and tears the whole group down on cancellation.
///
/// Subprocess spawns and reaps; the output does not go through its sequences. The child writes
/// into `StepPipes` (1 MiB pipes) that `OutputPump` reads on a thread of its own, a whole pipe
/// per read, one chunk in flight (see both for why: throughput, and flat memory).
///
/// The child's environment is exactly `environment` with the command's overrides on top; the
/// process environment is never inherited behind the caller's back.
///
/// On cancellation the group receives `teardownSignal.current` (SIGTERM unless nightshift was
/// interrupted and recorded SIGINT), then, once the leader has ended or `gracePeriod` has
/// passed, SIGKILL, so descendants that ignore the first signal die as well. When a step ends on
/// its own, whatever it left running in its group is killed (`killsLeftoverProcesses`): nothing
/// a step starts outlives it, as with Jenkins' process-tree killer.
public struct SubprocessShellRunner: ShellRunner {
    public var environment: EnvironmentVariables
    public var gracePeriod: Duration
    public var teardownSignal: TeardownSignal
    public var killsLeftoverProcesses: Bool

    public init(
        environment: EnvironmentVariables,
        gracePeriod: Duration = .seconds(10),
        teardownSignal: TeardownSignal = TeardownSignal(),
        killsLeftoverProcesses: Bool = true
    ) {
        self.environment = environment
        self.gracePeriod = gracePeriod
        self.teardownSignal = teardownSignal
        self.killsLeftoverProcesses = killsLeftoverProcesses
    }

    public func run(
        _ command: ShellCommand,
        onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void
    ) async throws -> Termination {
        try Task.checkCancellation()
        let merged = environment.merging(command.environment)
        let lookup = ExecutableLookup(searchPath: merged["PATH"], workingDirectory: command.workingDirectory)
        let configuration = Subprocess.Configuration(
            executable: .path(FilePath(try lookup.resolve(command.executable))),
            arguments: Arguments(command.arguments),
            environment: .custom(Self.subprocessEnvironment(merged)),
            workingDirectory: command.workingDirectory.map { FilePath($0) },
            platformOptions: platformOptions
        )
        let session = StepSession(
            request: TeardownRequest(), teardownSignal: teardownSignal, gracePeriod: gracePeriod,
            killsLeftoverProcesses: killsLeftoverProcesses, onOutput: onOutput
        )
        // Unstructured on purpose: the caller's cancellation becomes a teardown request instead of
        // cancelling the reads, so output keeps flowing while the group shuts down.
        let work = Task { try await session.run(configuration, input: command.standardInput, executable: command.executable) }
        return try await withTaskCancellationHandler {
            try await work.value
        } onCancel: {
            session.request.request()
        }
    }

    private var platformOptions: PlatformOptions {
        var options = PlatformOptions()
        options.processGroupID = 0
        // Only used if our own body fails; the normal teardown is `StepSession`'s.
        options.teardownSequence = [.gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: gracePeriod)]
        return options
    }

    private static func subprocessEnvironment(_ variables: EnvironmentVariables) -> [Subprocess.Environment.Key: String] {
        var result: [Subprocess.Environment.Key: String] = [:]
        for (name, value) in variables.values {
            guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "=")), let key = Subprocess.Environment.Key(rawValue: name) else { continue }
            result[key] = value
        }
        return result
    }
}

/// One command's run: spawning, streaming, and the teardown protocol.
private struct StepSession: Sendable {
    let request: TeardownRequest
    let teardownSignal: TeardownSignal
    let gracePeriod: Duration
    let killsLeftoverProcesses: Bool
    let onOutput: @Sendable (OutputChannel, [UInt8]) async -> Void

    func run(_ configuration: Subprocess.Configuration, input: [UInt8]?, executable: String) async throws -> Termination {
        let pipes = try StepPipes()
        defer { pipes.closeAll() }
        // The child's ends stay ours (`closeAfterSpawningProcess: false`) so that every path,
        // a failed spawn included, closes them exactly once, here or in `supervise`.
        let output = FileDescriptorOutput.fileDescriptor(FileDescriptor(rawValue: pipes.output.write), closeAfterSpawningProcess: false)
        let error = FileDescriptorOutput.fileDescriptor(FileDescriptor(rawValue: pipes.error.write), closeAfterSpawningProcess: false)
        do {
            let status: TerminationStatus
            if let input {
                status = try await Subprocess.run(configuration, input: .array(input), output: output, error: error) { execution in
                    await supervise(execution.processIdentifier.value, pipes: pipes)
                }.terminationStatus
            } else {
                status = try await Subprocess.run(configuration, input: .none, output: output, error: error) { execution in
                    await supervise(execution.processIdentifier.value, pipes: pipes)
                }.terminationStatus
            }
            return Self.termination(status)
        } catch let error as SubprocessError {
            throw ShellRunnerError(executable: executable, reason: String(describing: error))
        }
    }

    private static func termination(_ status: TerminationStatus) -> Termination {
        switch status {
        case .exited(let code): .exited(code)
        case .signaled(let signal): .signalled(signal)
        }
    }

    /// Reads the output to its end, tearing the group down meanwhile if asked. No task group:
    /// a lane of 1,000 short steps would pay for its tasks 1,000 times.
    private func supervise(_ leader: pid_t, pipes: StepPipes) async {
        pipes.closeChildEnds()
        let group = ProcessGroup(leader: leader)
        request.whenRequested { [teardownSignal, gracePeriod] in
            Task { await group.terminate(firstSignal: teardownSignal.current, gracePeriod: gracePeriod) }
        }
        await OutputPump(pipes: pipes, group: group).run(deliver: onOutput)
        // The output is done and the leader has ended but is not reaped yet, so the group id is
        // still this step's: whatever it left running dies now (a teardown ends with SIGKILL too).
        if let teardown = request.finish() {
            await teardown.value
        } else if killsLeftoverProcesses {
            group.send(SIGKILL)
        }
    }
}
