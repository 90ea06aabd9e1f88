import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftScheduling
import NightshiftSystem

/// The scheduler's part of a command: the run history, and the daemon with its lock, child
/// launcher, file watcher and signals.
extension CommandContext {
    /// The lanes file's scheduled lanes; a schedule that cannot be read stops the command (exit 2).
    func scheduledLanes() throws -> [ScheduledLane] {
        try ScheduledLane.all(in: try loadLanesFile().lanes, systemTimeZone: systemTimeZone)
    }

    /// A launchd agent (from login) or systemd user unit (from boot with lingering) running this
    /// daemon with the current file, `--env`, and today's PATH, TZ and LANG (services otherwise
    /// start with bare ones).
    func serviceDefinition() throws -> ServiceDefinition {
        let carried = ["PATH", "TZ", "LANG"].compactMap { name in environment.variables[name].map { (name, $0) } }
        return ServiceDefinition(
            executable: environment.executablePath, lanesFile: try absoluteLanesFile,
            environmentName: options.env, workingDirectory: currentDirectory,
            environment: Dictionary(uniqueKeysWithValues: carried))
    }

    /// Runs the scheduler daemon until SIGTERM or SIGINT.
    func runSchedulerDaemon(lanes: [ScheduledLane], gracePeriod: Duration) async throws {
        _ = try loadEnvironment()  // a missing .env.<name> fails now, not at the first firing
        let trapped = environment.signals.trap(SchedulerDaemon.handledSignals)
        defer { trapped.cancel() }
        let (path, lanesFile, files, zone) = (options.file, try self.lanesFile, environment.files, systemTimeZone)
        let log = SchedulerLog(output: output, clock: clock, zone: zone)
        // Exit 1 when another daemon has the lock or the history cannot be opened.
        let lock = try schedulerLock()
        let recovery = CorruptionRecovery(clock: clock) { log.problem(.error($0, at: nil)) }
        let history = try SQLiteRunHistory(path: historyPath, recovery: recovery)
        // Children get SIGTERM when the grace period is over, then SIGKILL 20 s later: both fit
        // in the 60 s launchd and systemd allow for stopping.
        let shell = environment.makeShell(shellSettings(environment.variables, gracePeriod: .seconds(20)))
        let launcher = ProcessLaneLauncher(
            shell: shell, executable: environment.executablePath, lanesFile: path, environmentName: options.env,
            workingDirectory: nil, stateDirectory: stateDirectory)
        let scheduler = Scheduler(
            lanes: lanes, clock: clock, launcher: launcher, locks: LaneLockFiles(stateDirectory: stateDirectory.string), history: history,
            revisions: GitRevisionProbe(shell: shell, workingDirectory: try lanesFileFolder.string), log: log, gracePeriod: gracePeriod,
            reload: {
                let file = try LanesFileLoader().load(lanesFile, shownAs: path, from: files)
                return try ScheduledLane.all(in: file.lanes, systemTimeZone: zone)
            })
        let watcher = FileChangeWatcher(path: lanesFile.string, clock: clock)
        await SchedulerDaemon(scheduler: scheduler, signals: trapped.signals, watcher: watcher, log: log).run()
        withExtendedLifetime(lock) {}
    }

    /// The daemon's lock on its lanes file. The one by device and inode lives under HOME, which
    /// every daemon of the user shares (a temporary folder could be cleaned under a running
    /// daemon); without HOME only the lock beside the file is taken.
    private func schedulerLock() throws -> SchedulerLock {
        guard let home = environment.variables["HOME"], !home.isEmpty else {
            return try SchedulerLock(path: SchedulerLock.path(forLanesFile: try lanesFile))
        }
        return try SchedulerLock(
            lanesFile: try lanesFile, identityFolder: home + "/.nightshift/scheduler-locks")
    }
}
