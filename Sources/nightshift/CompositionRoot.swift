import ArgumentParser
import Foundation
import NightshiftKit

/// The one place that touches the real world: the process environment, the terminal, the real
/// shell, clock and signals. Every command builds its graph here.
struct CompositionRoot {
    let global: GlobalOptions
    let output: any OutputSink = TerminalOutputSink()
    let clock: any WallClock = SystemClock()
    let processEnvironment = EnvironmentVariables(ProcessInfo.processInfo.environment)

    var diagnosticPrinter: DiagnosticPrinter {
        DiagnosticPrinter(colour: isatty(STDERR_FILENO) == 1 && processEnvironment["NO_COLOR"] == nil && !global.noColor)
    }

    /// Loads and validates the lanes file; on errors prints them all and exits 2.
    func loadLanesFile() throws -> LanesFile {
        do {
            return try LanesFileLoader().load(path: global.file)
        } catch {
            output.err(diagnosticPrinter.render(error.diagnostics))
            throw ExitCode(ExitStatus.usage)
        }
    }

    /// The process environment with `.env.<name>` beneath it.
    func environment() throws -> EnvironmentVariables {
        guard let name = global.env else { return processEnvironment }
        let directory = (global.file as NSString).deletingLastPathComponent
        let path = (directory.isEmpty ? "" : directory + "/") + ".env.\(name)"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            output.err("error: --env \(name): cannot read \(path)\n")
            throw ExitCode(ExitStatus.usage)
        }
        do {
            return processEnvironment.filling(from: try DotEnvFile.parse(text))
        } catch {
            output.err("\(path):\(error.line):1: error: \(error.message)\n")
            throw ExitCode(ExitStatus.usage)
        }
    }

    func runSession(file: LanesFile, dryRun: Bool, verbose: Bool) throws -> RunSession {
        let environment = try environment()
        let masker = SecretMasker(secrets: file.secretPolicy.secretValues(in: environment))
        let jenkins = environment["JENKINS_URL"] != nil || environment["BUILD_NUMBER"] != nil
        let base = jenkins ? environment["WORKSPACE"] ?? FileManager.default.currentDirectoryPath : FileManager.default.currentDirectoryPath
        // Absolute: `security` reads relative keychain paths against ~/Library/Keychains.
        let stateDirectory = base + "/.nightshift"
        let teardownSignal = TeardownSignal()
        let shell: any ShellRunner = dryRun
            ? DryRunShellRunner(output: output, masker: masker)
            : SubprocessShellRunner(environment: environment, teardownSignal: teardownSignal)
        let reporter: any RunReporter = dryRun
            ? DryRunReporter(output: output)
            : ConsoleReporter(output: output, style: .detect(interactive: output.isInteractive, environment: environment, noColorFlag: global.noColor), clock: clock)
        let interruption = RunInterruption()
        if !dryRun { trapInterruptions(into: interruption, forwarding: teardownSignal) }
        let dependencies = Dependencies(
            shell: shell, keychain: SecurityKeychainImporter(shell: shell),
            uploaders: .live(shell: shell, clock: clock, temporaryDirectory: NSTemporaryDirectory()), clock: clock,
            environment: environment, output: output)
        let runner = LaneRunner(
            file: file, dependencies: dependencies, performers: performers(dependencies), reporter: reporter, interruption: interruption,
            options: RunOptions(isDryRun: dryRun, isVerbose: verbose,
                                condensesToolOutput: RunOptions.condensesToolOutput(
                                    interactive: output.isInteractive, environment: environment, verbose: verbose),
                                stateDirectory: stateDirectory,
                                runID: RunIdentifier.make(now: clock.now, environment: environment)))
        return RunSession(runner: runner)
    }

    private func performers(_ dependencies: Dependencies) -> [String: any StepPerformer] {
        var performers: [String: any StepPerformer] = ["sh": ShellStepPerformer()]
        let keychain = dependencies.keychain
        let signing = SigningStepPerformer(files: LocalSigningFileSystem(), makeKeychainImporter: { _ in keychain })
        for kind in SigningStepPerformer.kinds { performers[kind] = signing }
        performers["upload"] = UploadStepPerformer(registry: dependencies.uploaders, isInteractive: output.isInteractive)
        return performers
    }

    func writeReports(_ results: [LaneResult], junit: String?, json: String?) throws {
        do {
            if let junit { try write(JUnitReport(results: results, properties: buildProperties).render(), to: junit) }
            if let json { try write(String(decoding: try JSONReport(results: results).render(), as: UTF8.self) + "\n", to: json) }
        } catch {
            output.err("error: cannot write report: \(error)\n")
        }
    }

    private var buildProperties: [(name: String, value: String)] {
        ["BUILD_NUMBER", "JOB_NAME", "BUILD_URL"].compactMap { name in processEnvironment[name].map { (name.lowercased(), $0) } }
    }

    private func write(_ text: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// SIGINT/SIGTERM reach the running step's group as what was sent, then stop the lane.
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
}
