import Foundation
import NightshiftSystem

/// Where a dry run shows the commands of one lane: the output of the step or cleanup action
/// running now, as `$ command` lines, masked and reported like any output of that step. One per
/// lane's run; the lane runs one step (or cleanup action) at a time, and a `lane:` call's steps
/// are its own. Commands made while none runs go to the console, masked.
final class DryRunTranscript: Sendable {
    typealias Target = @Sendable (String) async -> Void

    private let target = LockedValue<Target?>(nil)
    private let fallback: Target
    /// nil shows paths as they are.
    private let display: RelativePathDisplay?

    /// `lanesFolder`: the lanes file's folder, against which the lines show paths.
    init(lanesFolder: String?, fallback: @escaping Target) {
        self.fallback = fallback
        display = lanesFolder.flatMap(RelativePathDisplay.init(folder:))
    }

    /// Shows the commands made from now on through `target`; nil stops that.
    func show(through target: Target?) {
        self.target.withLock { $0 = target }
    }

    func write(_ command: ShellCommand) async {
        let line = CommandLineRendering.transcript(display?.shown(command) ?? command)
        await (target.withLock { $0 } ?? fallback)(line)
    }
}

/// The shell a dry run's steps are given: each command goes to the lane's transcript, then to
/// the dry-run shell, which records it and runs nothing. Built per lane in the engine, so the
/// keychain importer a signing step makes from its step's shell shows its cleanup's commands
/// beneath the cleanup action, when that runs.
struct TranscribingShell: ShellRunner {
    let base: any ShellRunner
    let transcript: DryRunTranscript

    func run(
        _ command: ShellCommand,
        onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void
    ) async throws -> Termination {
        await transcript.write(command)
        return try await base.run(command, onOutput: onOutput)
    }
}
