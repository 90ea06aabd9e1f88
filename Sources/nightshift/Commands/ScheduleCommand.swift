import ArgumentParser
import NightshiftApp
import NightshiftCore

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
        let mode: ScheduleLanes.Mode =
            if printLaunchd { .printLaunchd } else if printSystemd { .printSystemd } else if simulate {
                .simulate(from: from ?? "", to: to ?? "")
            } else {
                .daemon(gracePeriod: DurationParser.parse(gracePeriod) ?? .seconds(30))
            }
        throw ExitCode(await ScheduleLanes(global: global.app, mode: mode).execute(in: CompositionRoot.environment()))
    }
}
