import ArgumentParser
import Foundation
import NightshiftApple
import NightshiftCore
import NightshiftDelivery
import NightshiftEngine
import NightshiftLanes
import NightshiftReporting
import NightshiftScheduling
import NightshiftSystem

/// The one place that touches the real world: the process environment, the terminal, the real
/// shell, clock and signals. Every command builds its graph here.
struct CompositionRoot {
    let global: GlobalOptions
    let output: any OutputSink
    let clock: any WallClock = SystemClock()
    let processEnvironment: EnvironmentVariables
    /// Set when this runs inside a Jenkins job: plain output, state under `$WORKSPACE`.
    let jenkins: JenkinsEnvironment
    let currentDirectory = FileManager.default.currentDirectoryPath

    init(global: GlobalOptions) {
        self.global = global
        processEnvironment = EnvironmentVariables(ProcessInfo.processInfo.environment)
        jenkins = JenkinsEnvironment(processEnvironment)
        output = TerminalOutputSink(standardOutput: STDOUT_FILENO, standardError: STDERR_FILENO,
                                    isInteractive: jenkins.prefersPlainOutput ? false : nil)
    }

    var diagnosticPrinter: DiagnosticPrinter {
        let colour = Terminal.standardErrorIsTerminal && processEnvironment["NO_COLOR"] == nil && !global.noColor
        return DiagnosticPrinter(colour: colour && !jenkins.prefersPlainOutput)
    }

    /// Loads and validates the lanes file; on errors prints them all and exits 2.
    func loadLanesFile() throws -> LanesFile {
        do {
            let file = try LanesFileLoader().load(path: global.file)
            if !file.warnings.isEmpty { output.err(diagnosticPrinter.render(file.warnings)) }
            return file
        } catch {
            output.err(diagnosticsMasker(for: error.partialFile).mask(diagnosticPrinter.render(error.diagnostics)))
            throw ExitCode(ExitStatus.usage)
        }
    }

    /// Hides from load-time diagnostics what a run would hide: an error may quote a value, and a
    /// secret-named `env:` value written in lanes.yml is a secret before the file has loaded.
    /// Whatever of the file could be read says what it declares secret; the `.env` files count,
    /// without their notes (an unreadable one is reported when the file loads).
    private func diagnosticsMasker(for partialFile: LanesFile?) -> SecretMasker {
        let environment = (try? dotEnvFiles().environment) ?? processEnvironment
        guard let partialFile else { return SecretMasker(secrets: SecretPolicy().secretValues(in: environment)) }
        return partialFile.masker(in: environment)
    }

    /// The folder a Pipeline job checks the repository out into, seen from here: the nearest one
    /// up holding `.git`, else the current folder.
    var repositoryRoot: String {
        var folder = URL(fileURLWithPath: currentDirectory, isDirectory: true).standardizedFileURL
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) {
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return currentDirectory }
            folder = parent
        }
        return folder.path
    }

    /// The process environment with the `.env` files beneath it (`.env.default`, `.env`, then
    /// each `--env` name; see `DotEnvStack`), noting on stderr each variable the real environment
    /// keeps. The lane lock stays with this process: a step that runs nightshift again must not
    /// try to take it.
    func environment() throws -> EnvironmentVariables {
        do {
            let loaded = try dotEnvFiles()
            if !loaded.notes.isEmpty { output.err(diagnosticPrinter.render(loaded.notes)) }
            return loaded.environment
        } catch let error as DotEnvUnreadable {
            output.err("error: cannot read \(error.path)\n")
            throw ExitCode(ExitStatus.usage)
        } catch let error as DotEnvError {
            output.err(diagnosticPrinter.render([error.diagnostic]))
            throw ExitCode(ExitStatus.usage)
        }
    }

    private struct DotEnvUnreadable: Error {
        var path: String
    }

    /// The process environment with the `.env` files beneath it, and the notes to show.
    private func dotEnvFiles() throws -> DotEnvStack.Loaded {
        var processEnvironment = processEnvironment
        processEnvironment[LaneLockFiles.variable] = nil
        var files: [(path: String, text: String)] = []
        for source in DotEnvStack.sources(besideLanesFile: global.file, environmentNames: global.env) {
            guard source.isRequired || FileManager.default.fileExists(atPath: source.path) else { continue }
            guard let text = try? String(contentsOfFile: source.path, encoding: .utf8) else { throw DotEnvUnreadable(path: source.path) }
            files.append((source.path, text))
        }
        return try DotEnvStack.load(files, under: processEnvironment)
    }

    func runSession(file: LanesFile, dryRun: Bool, verbose: Bool) throws -> RunSession {
        let environment = try environment()
        let masker = file.masker(in: environment)
        let maskingWarnings = file.maskingWarnings(in: environment)
        if !maskingWarnings.isEmpty { output.err(diagnosticPrinter.render(maskingWarnings)) }
        let stateDirectory = self.stateDirectory
        let teardownSignal = TeardownSignal()
        let shell: any ShellRunner = dryRun
            ? DryRunShellRunner(output: output, masker: masker,
                                answers: SecurityKeychainImporter.dryRunAnswers(home: environment["HOME"] ?? "~"))
            : ProcessShellRunner(environment: environment, teardownSignal: teardownSignal)
        let style = ConsoleStyle.detect(interactive: output.isInteractive, environment: environment, noColorFlag: global.noColor)
        let reporter = MaskingReporter(
            dryRun ? DryRunReporter(output: output) : ConsoleReporter(output: output, style: style, clock: clock), masker: masker)
        let interruption = RunInterruption()
        if !dryRun { trapInterruptions(into: interruption, forwarding: teardownSignal) }
        let dependencies = Dependencies(
            shell: shell, clock: clock, environment: environment, output: output, logFiles: DiskStepLogFiles(),
            outputCondenser: { XcodebuildCondenser() })
        let keychain = SecurityKeychainImporter(shell: shell, searchListLock: searchListLock(dryRun: dryRun, environment: environment))
        let liveProgress = style.liveProgress
        let runner = LaneRunner(
            file: file, dependencies: dependencies, performers: performers(shell: shell, keychain: keychain, liveProgress: liveProgress), reporter: reporter,
            interruption: interruption,
            options: RunOptions(isDryRun: dryRun, isVerbose: verbose,
                                condensesToolOutput: RunOptions.condensesToolOutput(
                                    interactive: output.isInteractive, environment: environment, verbose: verbose),
                                stateDirectory: stateDirectory,
                                runID: RunIdentifier.make(now: clock.now, environment: processEnvironment,
                                                          processID: ProcessInfo.processInfo.processIdentifier)))
        return RunSession(runner: runner)
    }

    /// Two runs of one user (two Jenkins executors, lanes the scheduler fires together) share one
    /// keychain search list; a dry run changes nothing, so it takes no lock.
    private func searchListLock(dryRun: Bool, environment: EnvironmentVariables) -> any SearchListLock {
        dryRun ? UnlockedSearchList() : UserSearchListLock(home: environment["HOME"], clock: clock)
    }

    /// `.nightshift` in the workspace under Jenkins, else in the working directory; absolute,
    /// because `security` reads relative keychain paths against ~/Library/Keychains. The scheduler
    /// daemon, its `nightshift run` children and `nightshift history` all agree on it.
    var stateDirectory: String {
        jenkins.stateRoot(fallback: currentDirectory + "/.nightshift")
    }

    /// Reads every configuration's signing files for real (openssl through the real shell), masked.
    func profilesReport(for file: LanesFile) async throws -> ProfilesReport.Output {
        let environment = try environment()
        let masker = file.masker(in: environment)
        let report = ProfilesReport(files: LocalSigningFileSystem(), inspector: P12Inspector(shell: ProcessShellRunner(environment: environment)))
        var output = await report.render(file, environment: environment, now: clock.now)
        output.text = masker.mask(output.text)
        return output
    }

    private func performers(shell: any ShellRunner, keychain: any KeychainImporter, liveProgress: Bool) -> StepPerformers {
        let signing = SigningStepPerformer(files: LocalSigningFileSystem(), makeKeychainImporter: { _ in keychain })
        let uploaders = UploaderRegistry.live(shell: shell, clock: clock, temporaryDirectory: NSTemporaryDirectory())
        let upload = UploadStepPerformer(registry: uploaders, isInteractive: liveProgress)
        return StepPerformers { keyword in
            switch keyword {
            case .sh: ShellStepPerformer()
            // The engine runs a called lane's steps itself.
            case .lane: nil
            case .package, .importCertificate, .installProfile, .archive, .export: signing
            case .upload: upload
            }
        }
    }

    /// Relative report paths are taken from the current directory, as every tool's are: in a
    /// Jenkins `sh` step that is `$WORKSPACE` (or the `dir()` around it, where `junit` looks too).
    /// Whether every report asked for was written; a missing one is named on stderr.
    func writeReports(_ results: [LaneResult], junit: String?, json: String?, masker: SecretMasker) -> Bool {
        do {
            // Masked whole: lane names and paths are in them, not only step output.
            if let junit { try write(masker.mask(JUnitReport(results: results, properties: jenkins.reportProperties).render()), to: junit) }
            if let json { try write(masker.mask(String(decoding: try JSONReport(results: results).render(), as: UTF8.self)) + "\n", to: json) }
            return true
        } catch {
            output.err("error: cannot write report: \(error)\n")
            return false
        }
    }

    private func write(_ text: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        try ReportFile.write(Array(text.utf8), to: path)
    }

    /// SIGINT/SIGTERM/SIGHUP reach the running step's group as what was sent, then stop the lane.
    private func trapInterruptions(into interruption: RunInterruption, forwarding teardownSignal: TeardownSignal) {
        let trap = SignalTrap()
        Task.detached {
            for await signal in trap.signals {
                teardownSignal.forward(signal)
                interruption.interrupt(signal: signal)
            }
        }
    }
}

enum ProcessStartup {
    static func prepare() {
        SignalTrap.prepareProcessSignals()
    }

    /// For `nightshift run` only, before its first step: on Linux, descendants that leave their
    /// step's process group become ours when orphaned, and are ended when the steps end. Not for
    /// `schedule`: the daemon's children are `nightshift run` processes that do this themselves,
    /// and adopting what a crashed lane left would put the daemon in charge of killing it. On
    /// macOS there is no subreaper and this does nothing (see README, Platforms).
    static func adoptOrphanedDescendants() {
        ProcessShellRunner.adoptOrphanedDescendants()
    }
}
