import Foundation
import NightshiftApple
import NightshiftAppStore
import NightshiftCore
import NightshiftDelivery
import NightshiftEngine
import NightshiftReporting
import NightshiftScheduling
import NightshiftSystem
import NightshiftTesting
import NightshiftServices

/// A run's graph: shell, reporter, keychain, uploaders, and the signals that stop it.
struct PreparedRun {
    let session: RunSession
    /// nil for a dry run, which executes nothing and traps nothing.
    let signals: TrappedSignals?
    /// What the trapped signals tell: the lanes, then what runs after them.
    let interruption: RunInterruption
}

extension CommandContext {
    /// Builds the run of `file`: the real shell from the environment (or the dry-run one that
    /// shows each command beneath its step), the console reporter, and a signal trap forwarding
    /// to the running step.
    /// `environment`: the process's with the `.env` files, loaded once by the command.
    /// `journal`: what the run keeps for `--resume`, and which earlier run it continues.
    /// `junit`: `--junit`'s path, beside which each `test:` step's per-test report goes too.
    func prepareRun(
        of file: LanesFile, in environment: EnvironmentVariables, dryRun: Bool, verbose: Bool, journal: JournalRequest? = nil,
        junit: String? = nil
    ) throws -> PreparedRun {
        let maskingWarnings = file.maskingWarnings(in: environment)
        if !maskingWarnings.isEmpty { output.err(printer.render(maskingWarnings)) }
        // Past the masking console on purpose: these lines name the values for GitHub's runner to
        // mask, which reads and drops them (`GitHubMaskCommands`).
        if ci.registersMasks { self.environment.output.out(GitHubMaskCommands.lines(for: secrets.masker.secrets)) }
        let teardownSignal = TeardownSignal()
        let realShell = { self.environment.makeShell(self.shellSettings(environment, teardownSignal: teardownSignal)) }
        let shell: any ShellRunner =
            dryRun ? DryRunShellRunner(answers: SecurityKeychainImporter.dryRunAnswers(home: environment["HOME"] ?? "~")) : realShell()
        let style = ConsoleStyle.detect(interactive: output.isInteractive, environment: environment, ci: ci, noColorFlag: options.noColor)
        // Kept beside the masking console: names are masked before the reporter pads and cuts
        // them to the terminal's width, where a secret cut in two would no longer be seen whole.
        let reporter = MaskingReporter(ConsoleReporter(output: output, style: style, clock: clock, dryRun: dryRun), secrets: secrets)
        let interruption = RunInterruption()
        let signals = dryRun ? nil : trapInterruptions(into: interruption, forwarding: teardownSignal)
        var dependencies = Dependencies(
            shell: shell, clock: clock, environment: environment, output: output, logFiles: DiskStepLogFiles(),
            outputCondenser: { XcodebuildCondenser() },
            namedLocks: FileNamedLocks.userFolder(home: environment["HOME"]).map(FileNamedLocks.init(folder:)))
        // A dry run still reads for real what it describes: the commit a resumption would compare,
        // the version and build of an .ipa it would upload.
        if dryRun { dependencies.inspectionShell = realShell() }
        dependencies.xcodeInstalls = DiskXcodeInstalls(environment: environment)
        let searchListLock = searchListLock(dryRun: dryRun, environment: environment)
        let options = RunOptions(
            isDryRun: dryRun, isVerbose: verbose,
            condensesToolOutput: RunOptions.condensesToolOutput(
                interactive: output.isInteractive, ci: ci, verbose: verbose),
            stateDirectory: stateDirectory.string,
            runID: RunIdentifier.make(
                now: clock.now, environment: self.environment.variables, ci: ci, processID: self.environment.processID),
            journal: journal, workingDirectory: runDirectory, testReportsFolder: try junit.map { try absolute($0).parent.string }, ci: ci)
        let runner = LaneRunner(
            file: file, dependencies: dependencies,
            performers: performers(
                shell: shell, searchListLock: searchListLock, liveProgress: style.liveProgress, stateDirectory: stateDirectory.string),
            reporter: reporter, interruption: interruption, options: options, secrets: secrets)
        return PreparedRun(session: RunSession(runner: runner), signals: signals, interruption: interruption)
    }

    /// Two runs of one user (two Jenkins executors, lanes the scheduler fires together) share one
    /// keychain search list; a dry run changes nothing, so it takes no lock.
    private func searchListLock(dryRun: Bool, environment: EnvironmentVariables) -> any SearchListLock {
        dryRun ? UnlockedSearchList() : UserSearchListLock(home: environment["HOME"], clock: clock)
    }

    /// Which performer runs each step kind: an exhaustive switch, so a new `StepKeyword` does not
    /// compile until it has one (ARCHITECTURE.md, "Add a step kind").
    /// The keychain importer drives the step's own shell: under `--dry-run` the one that shows
    /// each command beneath its step (and, at cleanup, beneath the cleanup action).
    private func performers(
        shell: any ShellRunner, searchListLock: any SearchListLock, liveProgress: Bool, stateDirectory: String
    ) -> StepPerformers {
        let transport = environment.makeTransport()
        let signing = SigningStepPerformer(
            files: LocalSigningFileSystem(directory: runDirectory),
            makeKeychainImporter: { stepShell in SecurityKeychainImporter(shell: stepShell, searchListLock: searchListLock) },
            buildNumbers: AppStoreConnectBuildNumbers.live(clock: clock, home: environment.variables["HOME"], transport: transport))
        let uploaders = UploaderRegistry.live(shell: shell, clock: clock, temporaryDirectory: NSTemporaryDirectory(), transport: transport)
        let upload = UploadStepPerformer(registry: uploaders, isInteractive: liveProgress)
        let notarize = NotarizeStepPerformer.live(clock: clock, temporaryDirectory: NSTemporaryDirectory(), transport: transport)
        let release = ReleaseStepPerformer.live(clock: clock, transport: transport)
        let signingSync = SigningSyncStepPerformer(transport: transport)
        // Shards are balanced by the run history's durations, else by what the lane's last run
        // left in its run folder.
        let testDurations = FirstKnownDurations(
            [testDurationHistory(), EarlierRunDurations(runs: stateDirectory + "/runs")].compactMap { $0 })
        return StepPerformers { keyword in
            switch keyword {
            case .sh: ShellStepPerformer()
            // The engine runs a called lane's steps itself.
            case .lane: nil
            case .package, .importCertificate, .installProfile, .archive, .export: signing
            case .upload: upload
            case .test: TestStepPerformer(durations: testDurations, runtimeLock: MachineRuntimeInstallLock())
            case .notarize: notarize
            case .signing: signingSync
            case .release: release
            }
        }
    }

    /// SIGINT/SIGTERM/SIGHUP reach the running step's group as what was sent, then stop the lane.
    private func trapInterruptions(into interruption: RunInterruption, forwarding teardownSignal: TeardownSignal) -> TrappedSignals {
        let trapped = environment.signals.trap(SignalTrap.interruptions)
        Task.detached {
            for await signal in trapped.signals {
                teardownSignal.forward(signal)
                interruption.interrupt(signal: signal)
            }
        }
        return trapped
    }

    /// A `nightshift run` the scheduler launched holds its lane's lock (the file named in
    /// `NIGHTSHIFT_LANE_LOCK`) until it exits, so a daemon restarted after a crash sees the lane
    /// still running. When another process holds it: exit 1, nothing runs. nil when not launched
    /// by the scheduler.
    func holdLaneLock(for lanes: [String]) throws -> FileLock? {
        guard let path = environment.variables[LaneLockFiles.variable], !path.isEmpty else { return nil }
        let file = try absolute(path)
        do {
            return try FileLock(path: file.string)
        } catch {
            throw LaneLockUnavailable(lanes: lanes, path: path, error: error)
        }
    }
}
