import Foundation
import NightshiftApp
import NightshiftCore
import NightshiftServices
import NightshiftSystem

/// The one place that touches the real world: the process environment, the terminal, the real
/// shell, clock and signals. Every command runs in the environment built here.
enum CompositionRoot {
    static func environment() -> CommandEnvironment {
        let variables = EnvironmentVariables(ProcessInfo.processInfo.environment)
        // Jenkins' console is no terminal to redraw, whatever the job gives nightshift.
        // Read once for the command (CommandEnvironment.ci).
        let ci = CIEnvironment(variables)
        return CommandEnvironment(
            currentDirectory: currentDirectory(), files: DiskFiles(), variables: variables,
            output: TerminalOutputSink(
                standardOutput: STDOUT_FILENO, standardError: STDERR_FILENO, isInteractive: ci.prefersPlainOutput ? false : nil),
            clock: SystemClock(),
            makeShell: {
                ProcessShellRunner(
                    environment: $0.environment, gracePeriod: $0.gracePeriod, teardownSignal: $0.teardownSignal,
                    workingDirectory: $0.workingDirectory)
            },
            makeTransport: { URLSessionTransport() },
            standardErrorIsTerminal: Terminal.standardErrorIsTerminal,
            processID: ProcessInfo.processInfo.processIdentifier, signals: ProcessSignals(),
            executablePath: Bundle.main.executablePath ?? CommandLine.arguments[0], systemTimeZone: .current, ci: ci)
    }

    /// The folder every relative path is read against, made absolute once here. `getcwd` fails
    /// (Foundation then gives an empty path) when the folder was removed under the shell: no
    /// relative path could be read then, so nothing is tried.
    private static func currentDirectory() -> AbsolutePath {
        let path = FileManager.default.currentDirectoryPath
        guard let directory = try? AbsolutePath(validating: path) else {
            FileHandle.standardError.write(
                Data((Diagnostic.error("cannot read the current directory '\(path)'; was it removed?", at: nil).description + "\n").utf8))
            Foundation.exit(ExitStatus.usage)
        }
        return directory
    }
}

/// This process's own SIGINT, SIGTERM and SIGHUP.
struct ProcessSignals: SignalSource {
    func trap(_ signals: [Int32]) -> TrappedSignals {
        let trap = SignalTrap(trapping: signals)
        return TrappedSignals(signals: trap.signals, cancel: { trap.cancel() })
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
