import Foundation

/// The real `ShellRunner`: spawns each command in a process group of its own, streams stdout and
/// stderr as raw chunks, and tears the whole group down on cancellation.
///
/// Spawning is `posix_spawn` (`ProcessSpawner`) and the output is read by `OutputPump` on a
/// thread of nightshift's own, from `StepPipes` (1 MiB pipes), up to `OutputPump.chunkLimit` per
/// read, one chunk in flight: a step costs one hop to the pump's thread and one back, which is what keeps a lane
/// of 1,000 short steps close to a shell loop (swift-subprocess' spawn and monitor threads and
/// task groups cost about twice that per step; see scripts/bench-lane).
///
/// The child's environment is exactly `environment` with the command's overrides on top; the
/// process environment is never inherited behind the caller's back.
///
/// On cancellation the group receives `teardownSignal.current` (SIGTERM unless nightshift was
/// interrupted and recorded SIGINT), then, once the leader has ended or `gracePeriod` has
/// passed, SIGKILL, so descendants that ignore the first signal die as well. When a step ends on
/// its own, whatever it left running in its group is killed (`killsLeftoverProcesses`), as with
/// Jenkins' process-tree killer.
///
/// A descendant that leaves the group (`setsid`, a `set -m` job) is not in it. On Linux, where
/// `nightshift run` is a child subreaper (`adoptOrphanedDescendants()`), it becomes nightshift's
/// child when its parent ends, and once no step is running any more it is sent SIGTERM, given
/// `gracePeriod`, sent SIGKILL and reaped (`OrphanReaper`). On macOS, which has no subreaper, it
/// is re-parented to launchd and outlives the step.
public struct ProcessShellRunner: ShellRunner {
    public var environment: EnvironmentVariables
    public var gracePeriod: Duration
    public var teardownSignal: TeardownSignal
    public var killsLeftoverProcesses: Bool
    /// Where a command that names no folder of its own runs; nil for this process's own.
    public var workingDirectory: String?

    public init(
        environment: EnvironmentVariables,
        gracePeriod: Duration = .seconds(10),
        teardownSignal: TeardownSignal = TeardownSignal(),
        killsLeftoverProcesses: Bool = true,
        workingDirectory: String? = nil
    ) {
        self.environment = environment
        self.gracePeriod = gracePeriod
        self.teardownSignal = teardownSignal
        self.killsLeftoverProcesses = killsLeftoverProcesses
        self.workingDirectory = workingDirectory
    }

    /// Makes this process a child subreaper (Linux `PR_SET_CHILD_SUBREAPER`), so that
    /// descendants that left their step's process group are re-parented to it and ended when the
    /// steps end. Call once, before the first step; only a process that runs lanes itself should
    /// (`nightshift run`, not the scheduler daemon: its children are `nightshift run` processes
    /// that reap their own steps' orphans, and a crashed lane's leftovers are the lane lock's
    /// business, not the daemon's).
    /// - Returns: false where the platform has no subreaper (macOS: orphans go to launchd).
    @discardableResult
    public static func adoptOrphanedDescendants() -> Bool {
        ChildProcesses.shared.becomeSubreaper()
    }

    public func run(
        _ command: ShellCommand,
        onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void
    ) async throws -> Termination {
        try Task.checkCancellation()
        var command = command
        command.workingDirectory = command.workingDirectory ?? workingDirectory
        let merged = environment.merging(command.environment)
        let lookup = ExecutableLookup(searchPath: merged["PATH"], workingDirectory: command.workingDirectory)
        let path = try lookup.resolve(command.executable)
        let session = StepSession(
            request: TeardownRequest(), teardownSignal: teardownSignal, gracePeriod: gracePeriod,
            killsLeftoverProcesses: killsLeftoverProcesses, onOutput: onOutput
        )
        // Cancellation becomes a teardown request; nothing in the session reacts to cancellation
        // itself, so output keeps flowing while the group shuts down.
        return try await withTaskCancellationHandler {
            try await session.run(command, path: path, environment: merged)
        } onCancel: {
            session.request.request()
        }
    }
}

/// One command's run: spawning, streaming, and the teardown protocol.
private struct StepSession: Sendable {
    let request: TeardownRequest
    let teardownSignal: TeardownSignal
    let gracePeriod: Duration
    let killsLeftoverProcesses: Bool
    let onOutput: @Sendable (OutputChannel, [UInt8]) async -> Void

    func run(_ command: ShellCommand, path: String, environment: EnvironmentVariables) async throws -> Termination {
        let pipes = try StepPipes()
        defer { pipes.closeAll() }
        let input = try command.standardInput.map { _ in try StandardInputPipe() }
        let leader: pid_t
        do {
            defer {
                pipes.closeChildEnds()
                input?.closeChildEnd()
            }
            leader = try ChildProcesses.shared.spawnLeader { () throws(ShellRunnerError) in
                try ProcessSpawner.spawn(
                    path: path, argv: command.argv, environment: environment, directory: command.workingDirectory,
                    descriptors: .init(
                        input: input?.read, output: pipes.output.write, error: pipes.error.write,
                        inherited: command.inheritedDescriptors))
            }
        } catch {
            input?.feed([])
            throw error
        }
        input?.feed(command.standardInput ?? [])
        await supervise(ProcessGroup(leader: leader), pipes: pipes)
        let termination = ChildProcesses.shared.reapLeader(leader) { ProcessSpawner.reap(leader) }
        if killsLeftoverProcesses, ChildProcesses.shared.adoptsOrphans {
            // Its own task: a cancelled step's must not cut the grace period short.
            let reaper = OrphanReaper(children: .shared, gracePeriod: gracePeriod)
            await Task { await reaper.reapOrphans(firstSignal: SIGTERM) }.value
        }
        return termination
    }

    /// Reads the output to its end, tearing the group down meanwhile if asked. No task group:
    /// a lane of 1,000 short steps would pay for its tasks 1,000 times.
    private func supervise(_ group: ProcessGroup, pipes: StepPipes) async {
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
