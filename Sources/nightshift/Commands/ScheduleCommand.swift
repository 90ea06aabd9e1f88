import ArgumentParser
import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftReporting
import NightshiftScheduling
import NightshiftSystem

struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Run the lanes' schedules: the scheduler daemon, in the foreground.",
        discussion: """
            Each firing runs `nightshift run LANE` as a child process and is recorded in \
            .nightshift/history.sqlite. SIGHUP or a changed lanes file reloads the schedule; \
            SIGTERM or SIGINT stops firing, lets running lanes finish for the grace period, then \
            stops them and exits 0.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print every firing between --from and --to as '<time> <lane>', in time order; run nothing.")
    var simulate = false

    @Option(help: ArgumentHelp("Start of the simulated window.", valueName: "ISO8601"))
    var from: String?

    @Option(help: ArgumentHelp("End of the simulated window (inclusive).", valueName: "ISO8601"))
    var to: String?

    @Flag(help: "Print a launchd agent that runs this daemon from login (enable automatic login on the build Mac).")
    var printLaunchd = false

    @Flag(help: "Print a systemd user unit that runs this daemon (at boot after 'loginctl enable-linger').")
    var printSystemd = false

    @Option(help: ArgumentHelp("How long running lanes may go on after SIGTERM/SIGINT before they are stopped.", valueName: "duration"))
    var gracePeriod = "30s"

    func validate() throws {
        let modes = [simulate, printLaunchd, printSystemd].filter { $0 }.count
        guard modes <= 1 else { throw ValidationError("--simulate, --print-launchd and --print-systemd exclude each other") }
        if simulate && (from == nil || to == nil) { throw ValidationError("--simulate needs --from and --to") }
        if !simulate && (from != nil || to != nil) { throw ValidationError("--from and --to only go with --simulate") }
        do throws(DurationProblem) {
            _ = try DurationParser.bounded(gracePeriod)
        } catch {
            throw ValidationError("--grace-period: '\(gracePeriod)' \(error)")
        }
    }

    func run() async throws {
        let root = CompositionRoot(global: global)
        if printLaunchd || printSystemd {
            let service = root.serviceDefinition()
            root.output.out(printLaunchd ? service.launchdPlist : service.systemdUnit)
            return
        }
        let lanes = try root.scheduledLanes(in: try root.loadLanesFile())
        guard simulate else {
            try await root.runSchedulerDaemon(lanes: lanes, gracePeriod: DurationParser.parse(gracePeriod) ?? .seconds(30))
            return
        }
        let zone = root.systemTimeZone
        let window: (from: Date, to: Date)
        do {
            window = (try TimeArgument.instant(from, in: zone, fallback: root.clock.now), try TimeArgument.instant(to, in: zone, fallback: root.clock.now))
        } catch {
            throw root.usageError(error)
        }
        guard window.from <= window.to else { throw root.usageError("--to is before --from") }
        // Streamed: a century of a per-minute lane must not be held in memory.
        let writer = ChunkedLineWriter(output: root.output)
        ScheduleSimulation.write(for: lanes, from: window.from, to: window.to, zone: zone, line: writer.line, note: { note in
            writer.flush()
            root.output.err("note: \(note)\n")
        })
        writer.flush()
    }
}
