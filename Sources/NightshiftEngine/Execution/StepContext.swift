internal import Foundation
public import NightshiftCore
import NightshiftLanes
public import NightshiftSystem
/// Everything a step performer needs while its step runs.
public struct StepContext: Sendable {
    public var lanesFile: LanesFile
    public var lane: Lane
    public var step: Step
    /// The configuration in force (the called lane's when a `lane:` step switched it).
    public var configuration: Configuration?
    /// The step's full environment: process, dotenv, configuration, lane, step, and what earlier
    /// steps exported.
    public var environment: EnvironmentVariables
    public var folders: RunFolders
    public var shell: any ShellRunner
    /// Runs read-only commands for real even in a dry run (reading an .ipa's Info.plist), where
    /// `shell` only prints; `shell` itself otherwise.
    public var inspectionShell: any ShellRunner
    public var clock: any WallClock
    /// The run's one owner of secrets: what a performer learns (a token it received) is masked
    /// in every output from then on.
    public var secrets: RunSecrets
    public var cleanup: CleanupStack
    public var exports: RunExports
    /// The folder the run works in: relative paths in the lanes file are read against it.
    public var directory: String
    /// True under `--dry-run`: commands are recorded, not run, so performers must not expect
    /// their outputs (files, parsed stdout) to exist.
    public var isDryRun: Bool
    /// Prints the step's extra log lines (and feeds them to its log), masked downstream.
    public var emit: @Sendable (OutputChannel, [UInt8]) async -> Void
    /// Shows a transient progress line on a live terminal, replacing the last one; nil clears it.
    public var progress: @Sendable (String?) async -> Void
    /// `--verbose`: show long tool output whole instead of condensed.
    public var isVerbose: Bool
    /// Where output goes that the terminal shows condensed (`run(_:display: .condensed)`); the
    /// step's log still gets all of it. Nil when the run shows tool output whole: then it goes
    /// to `emit` like any other output.
    public var emitCondensed: (@Sendable (OutputChannel, [UInt8]) async -> Void)?
    /// What the step reports beyond its status (see `StepDetails`).
    public var details = StepDetails()
    /// The step's input fingerprint in the run journal (the step after interpolation, the
    /// configuration, the variables it reads, the commit) and, in a git repository, the tracked
    /// changes as the step starts: a performer may keep it beside an intermediate product and
    /// reuse that product on a resumed run when it is unchanged (`test:` reuses its
    /// `build-for-testing` after failed tests). nil without a journal, or when git cannot say.
    public var journalFingerprint: String?
    /// On a resumed run, what this step exported in the attempt before (masked, as the journal
    /// keeps it): a performer that must not choose again (an archive's build number) takes its
    /// earlier choice from here. Empty on a first run, and without a journal.
    public var earlierExports: [String: String] = [:]
    /// What the step may write into the run journal while it runs, and what an earlier attempt
    /// of this run wrote for it (`StepJournalNotes`).
    public var journalNotes = StepJournalNotes.none
    /// The Xcode the lane's `xcode:` chose (its `developerDirectory` is in every command's
    /// `DEVELOPER_DIR`); nil when none is pinned and tools use the machine's selected one.
    public var xcode: InstalledXcode?
    /// The `cache:` in force (`BuildCache` turns it into xcodebuild's arguments); nil keeps
    /// nothing between runs.
    public var cache: BuildCacheSettings?
    /// Where kept caches live (`BuildCacheRoot`); nil when there is no user cache folder (no
    /// HOME), and then `cache:` is an error where a build needs it.
    public var cacheRoot: BuildCacheRoot?
    /// `--junit`'s folder (`RunOptions.testReportsFolder`): where a step's per-test report goes
    /// beside the lane's; nil without `--junit`.
    public var testReportsFolder: String?
    /// The CI engine the command runs in (`RunOptions.ci`), read once by the command: which
    /// variable holds its build number, for one.
    public var ci = CIEnvironment.none

    public init(
        lanesFile: LanesFile, lane: Lane, step: Step, configuration: Configuration?, environment: EnvironmentVariables,
        folders: RunFolders, shell: any ShellRunner, clock: any WallClock, secrets: RunSecrets,
        cleanup: CleanupStack, exports: RunExports, directory: String? = nil,
        isDryRun: Bool, isVerbose: Bool = false,
        emit: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void,
        progress: @escaping @Sendable (String?) async -> Void = { _ in }
    ) {
        self.lanesFile = lanesFile
        self.lane = lane
        self.step = step
        self.configuration = configuration
        self.environment = environment
        self.folders = folders
        self.shell = shell
        self.inspectionShell = shell
        self.clock = clock
        self.secrets = secrets
        self.cleanup = cleanup
        self.exports = exports
        self.directory = directory ?? FileManager.default.currentDirectoryPath
        self.isDryRun = isDryRun
        self.isVerbose = isVerbose
        self.emit = emit
        self.progress = progress
    }

    /// The masker as the run's secrets stand now.
    public var masker: SecretMasker { secrets.masker }

    public func resolve(_ template: Template) -> String { template.expand(in: environment) }

    /// `path` read against the run's folder, as tools and messages should see it.
    public func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let directory = try? AbsolutePath(validating: directory),
            let absolute = try? AbsolutePath(validating: path, relativeTo: directory)
        else { return path }
        return absolute.standardized.string
    }

    /// `path`, the value of the setting `what`, read against the run's folder once, as a value
    /// every path the step derives from it is made from: one that cannot be a path (a NUL byte)
    /// fails the step as an invalid setting, naming the setting.
    public func path(_ path: String, what: String) throws -> AbsolutePath {
        do { return try AbsolutePath(validating: absolute(path)) } catch {
            throw StepFailure("\(what) is not a usable path: \(error)", reason: .invalidSetting)
        }
    }

    /// Writes a line of the step's own commentary (not a child's output), masked with the run's
    /// secrets as they stand: a performer need not mask what it logs.
    public func log(_ line: String, to channel: OutputChannel = .standardOutput) async {
        await emit(channel, Array((secrets.mask(line) + "\n").utf8))
    }

    /// A warning or a note in the step's output, rendered by `Diagnostic` (`warning: …`).
    public func log(_ diagnostic: Diagnostic, to channel: OutputChannel = .standardOutput) async {
        await log(diagnostic.description, to: channel)
    }

    /// Runs a command through the injected shell, its output going to the step's output.
    /// `.condensed` is for tools whose output is long and mostly noise (xcodebuild). Unless
    /// `echo` is false (a user's own `sh:` script), the command line goes first into the output,
    /// masked, as `$ xcodebuild archive …`: the log then says exactly what ran, as a dry run does.
    /// `tap`: sees the output too, as it arrives, before it is shown (a reader of lines the tool
    /// prints and writes nowhere else).
    public func run(
        _ command: ShellCommand, display: OutputDisplay = .whole, echo: Bool = true,
        tap: (@Sendable (OutputChannel, [UInt8]) -> Void)? = nil
    ) async throws -> Termination {
        if echo, !isDryRun { await log("$ " + CommandLineRendering.render(command)) }
        let shown = display == .condensed ? emitCondensed ?? emit : emit
        guard let tap else { return try await shell.run(command, onOutput: shown) }
        return try await shell.run(command) { channel, bytes in
            tap(channel, bytes)
            await shown(channel, bytes)
        }
    }
}

/// How a command's output appears on the terminal. The step's log always gets all of it.
public enum OutputDisplay: Sendable, Hashable {
    case whole
    /// Errors, warnings and build phases only, when the run condenses tool output
    /// (`RunOptions.condensesToolOutput`); whole otherwise.
    case condensed
}

/// Performs the steps of one kind (signing, building, uploading…). Registered per keyword in
/// the composition root; the lane runner hands each step to the performer of its kind.
public protocol StepPerformer: Sendable {
    /// Returns how the step's last command ended; throws `StepFailure` for failures that are not
    /// a command's exit status (an expired profile, a server that refused the upload).
    func perform(_ step: Step, in context: StepContext) async throws -> Termination

    /// Checks made before the lane's first step runs (an expired profile, a wrong certificate
    /// password), for every step of this performer's kinds the lane will reach. Throwing stops
    /// the lane before anything has been executed.
    func preflight(_ steps: [Step], in context: StepContext) async throws
}

extension StepPerformer {
    public func preflight(_ steps: [Step], in context: StepContext) async throws {}
}

/// A step that failed for a reason of its own, with a message fit for the user (masked later).
public struct StepFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// Its code in reports, given where the failure is raised, which knows what went wrong.
    public var reason: FailureReason

    public init(_ message: String, reason: FailureReason = .stepFailed) {
        self.message = message
        self.reason = reason
    }

    public var description: String { message }
}
