import Foundation
import NightshiftCore
import NightshiftReporting
import NightshiftScheduling
import NightshiftSystem

/// `nightshift schedule`: the scheduler daemon in the foreground, a simulation of its firings,
/// or a service file that runs it.
public struct ScheduleLanes: LanesFileCommand {
    public enum Mode: Sendable, Hashable {
        /// Runs until SIGTERM or SIGINT; running lanes may go on for the grace period.
        case daemon(gracePeriod: Duration)
        /// Prints every firing between the two times (ISO 8601); runs nothing.
        case simulate(from: String, to: String)
        case printLaunchd
        case printSystemd
    }

    public var global: LanesFileOptions
    public var mode: Mode

    public init(global: LanesFileOptions, mode: Mode) {
        self.global = global
        self.mode = mode
    }

    /// 0; 2 for a bad lanes file, schedule, `.env` or time; 1 when another daemon holds the
    /// lock or the run history cannot be opened.
    public func work(in context: CommandContext) async throws -> Int32 {
        switch mode {
        case .printLaunchd, .printSystemd:
            let service = try context.serviceDefinition()
            context.output.out(mode == .printLaunchd ? service.launchdPlist : service.systemdUnit)
        case .simulate(let from, let to):
            try simulate(from: from, to: to, lanes: try context.scheduledLanes(), context: context)
        case .daemon(let gracePeriod):
            try await context.runSchedulerDaemon(lanes: try context.scheduledLanes(), gracePeriod: gracePeriod)
        }
        return ExitStatus.success
    }

    private func simulate(from: String, to: String, lanes: [ScheduledLane], context: CommandContext) throws {
        let zone = context.systemTimeZone
        let window = (
            from: try TimeArgument.instant(from, in: zone, fallback: context.clock.now),
            to: try TimeArgument.instant(to, in: zone, fallback: context.clock.now)
        )
        guard window.from <= window.to else { throw CommandFailure.usage("--to is before --from") }
        // Streamed: a century of a per-minute lane must not be held in memory.
        let writer = ChunkedLineWriter(output: context.output)
        ScheduleSimulation.write(
            for: lanes, from: window.from, to: window.to, zone: zone, line: writer.line,
            note: { note in
                writer.flush()
                context.tell(.note(note))
            })
        writer.flush()
    }
}
