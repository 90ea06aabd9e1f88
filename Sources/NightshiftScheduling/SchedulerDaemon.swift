import Foundation
import NightshiftSystem

/// `nightshift schedule`: the `Scheduler` steered from outside. SIGHUP, or a change to the lanes
/// file, reloads the schedule (an invalid file is reported and the old schedule kept); SIGTERM or
/// SIGINT stops firing and lets running lanes finish for the grace period; a second one stops
/// them at once. `run()` returns once everything has stopped.
///
/// Signals arrive as values (`SignalTrap.signals` in the executable, a plain stream in tests), so
/// the whole daemon runs on virtual time.
public struct SchedulerDaemon: Sendable {
    private let scheduler: Scheduler
    private let signals: AsyncStream<Int32>
    private let watcher: FileChangeWatcher?
    private let log: SchedulerLog

    /// - Parameter watcher: reloads the schedule when the lanes file changes; nil to rely on
    ///   SIGHUP alone.
    public init(scheduler: Scheduler, signals: AsyncStream<Int32>, watcher: FileChangeWatcher?, log: SchedulerLog) {
        self.scheduler = scheduler
        self.signals = signals
        self.watcher = watcher
        self.log = log
    }

    /// The signals the daemon acts on; trap exactly these.
    public static let handledSignals: [Int32] = [SIGHUP, SIGINT, SIGTERM]

    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await listen() }
            if let watcher {
                group.addTask {
                    await watcher.watch { [log, scheduler] in
                        log.info("the lanes file changed: reloading")
                        await scheduler.reload()
                    }
                }
            }
            await scheduler.run()
            group.cancelAll()
        }
    }

    private func listen() async {
        for await signal in signals {
            switch signal {
            case SIGHUP:
                log.info("SIGHUP: reloading the lanes file")
                await scheduler.reload()
            case SIGINT, SIGTERM:
                log.info("\(signal == SIGINT ? "SIGINT" : "SIGTERM"): stopping")
                await scheduler.stop()
            default:
                continue
            }
        }
    }
}
