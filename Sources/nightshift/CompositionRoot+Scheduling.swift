import ArgumentParser
import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftLanes
import NightshiftScheduling
import NightshiftSystem

/// The scheduler's part of the composition root: the system zone, the run history, and the
/// daemon with its real lock, child launcher, clock, file watcher and signals.
extension CompositionRoot {
    /// For the commands that read no lanes file (`cron`, `history`): every global flag at its default.
    static func withoutLanesFile() throws -> CompositionRoot {
        CompositionRoot(global: try GlobalOptions.parse([]))
    }

    /// Where schedules without `TZ=` or `timezone:` fire: `TZ`, else the machine's zone.
    var systemTimeZone: TimeZone {
        SystemTimeZone.resolve(environment: processEnvironment, fallback: .current)
    }

    var historyPath: String {
        stateDirectory + "/history.sqlite"
    }

    /// This executable: the daemon launches it as `nightshift run LANE` for each firing.
    var executablePath: String {
        Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    /// Prints `error: message` and gives the exit to throw: 2, nothing ran.
    func usageError(_ message: some CustomStringConvertible) -> ExitCode {
        output.err("error: \(message)\n")
        return ExitCode(ExitStatus.usage)
    }

    func scheduledLanes(in file: LanesFile) throws -> [ScheduledLane] {
        do {
            return try ScheduledLane.all(in: file.lanes, systemTimeZone: systemTimeZone)
        } catch {
            throw usageError(error)
        }
    }

    /// A launchd agent (from login) or systemd user unit (from boot with lingering) running this
    /// daemon with the current file, `--env`, and today's PATH, TZ and LANG (services otherwise
    /// start with bare ones).
    func serviceDefinition() -> ServiceDefinition {
        let carried = ["PATH", "TZ", "LANG"].compactMap { name in processEnvironment[name].map { (name, $0) } }
        return ServiceDefinition(executable: executablePath, lanesFile: absoluteLanesFile,
                                 environmentName: global.env, workingDirectory: currentDirectory,
                                 environment: Dictionary(uniqueKeysWithValues: carried))
    }

    /// `--file` as an absolute path, read against the current directory.
    var absoluteLanesFile: String {
        AbsolutePath.standardized(global.file, in: currentDirectory)
    }

    /// The repository poll-SCM lanes (`when: changed`) look at: the lanes file's folder, whatever
    /// the daemon's working directory.
    var lanesFileFolder: String {
        (absoluteLanesFile as NSString).deletingLastPathComponent
    }

    /// Runs the scheduler daemon in the foreground until SIGTERM or SIGINT.
    func runSchedulerDaemon(lanes: [ScheduledLane], gracePeriod: Duration) async throws {
        _ = try environment()  // a missing .env.<name> fails now, not at the first firing
        let trap = SignalTrap(trapping: SchedulerDaemon.handledSignals)
        defer { trap.cancel() }
        let (path, zone) = (global.file, systemTimeZone)
        let log = SchedulerLog(output: output, clock: clock, zone: zone)
        let lock: SchedulerLock
        let history: SQLiteRunHistory
        do {
            lock = try schedulerLock()
            let recovery = CorruptionRecovery(clock: clock) { log.problem("error: \($0)") }
            history = try SQLiteRunHistory(path: historyPath, recovery: recovery)
        } catch {
            output.err("error: \(error)\n")
            throw ExitCode(ExitStatus.failed)
        }
        // Children get SIGTERM when the grace period is over, then SIGKILL 20 s later: both fit
        // in the 60 s launchd and systemd allow for stopping.
        let shell = ProcessShellRunner(environment: processEnvironment, gracePeriod: .seconds(20))
        let launcher = ProcessLaneLauncher(shell: shell, executable: executablePath, lanesFile: path, environmentName: global.env,
                                           workingDirectory: nil, stateDirectory: stateDirectory)
        let scheduler = Scheduler(
            lanes: lanes, clock: clock, launcher: launcher, locks: LaneLockFiles(stateDirectory: stateDirectory), history: history,
            revisions: GitRevisionProbe(shell: shell, workingDirectory: lanesFileFolder), log: log, gracePeriod: gracePeriod,
            reload: { try Self.loadScheduledLanes(path: path, zone: zone) })
        let watcher = FileChangeWatcher(path: path, clock: clock)
        await SchedulerDaemon(scheduler: scheduler, signals: trap.signals, watcher: watcher, log: log).run()
        withExtendedLifetime(lock) {}
    }

    /// The daemon's lock on its lanes file. The one by device and inode lives under HOME, which
    /// every daemon of the user shares (a temporary folder could be cleaned under a running
    /// daemon); without HOME only the lock beside the file is taken.
    private func schedulerLock() throws(SchedulerLockError) -> SchedulerLock {
        let currentDirectory = FileManager.default.currentDirectoryPath
        guard let home = processEnvironment["HOME"], !home.isEmpty else {
            return try SchedulerLock(path: SchedulerLock.path(forLanesFile: global.file, currentDirectory: currentDirectory))
        }
        return try SchedulerLock(lanesFile: global.file, currentDirectory: currentDirectory, identityFolder: home + "/.nightshift/scheduler-locks")
    }

    /// A `nightshift run` the scheduler launched holds its lane's lock (the file named in
    /// `NIGHTSHIFT_LANE_LOCK`) until it exits, so a daemon restarted after a crash sees the lane
    /// still running. When another process holds it: exit 1, nothing runs. nil when not launched
    /// by the scheduler.
    func holdLaneLock(for lanes: [String]) throws -> FileLock? {
        guard let path = processEnvironment[LaneLockFiles.variable], !path.isEmpty else { return nil }
        do {
            return try FileLock(path: path)
        } catch {
            let names = lanes.map { "'\($0)'" }.joined(separator: ", ")
            switch error {
            case .held(_, let pid):
                output.err("error: lane \(names) is already running\(pid.map { " (pid \($0))" } ?? "") and holds \(path); not starting it again\n")
            case .cannotOpen, .notALockFile:
                output.err("error: \(error); not running lane \(names)\n")
            }
            throw ExitCode(ExitStatus.failed)
        }
    }

    private static func loadScheduledLanes(path: String, zone: TimeZone) throws -> [ScheduledLane] {
        let file = try LanesFileLoader().load(path: path)
        return try ScheduledLane.all(in: file.lanes, systemTimeZone: zone)
    }
}
