import ArgumentParser
import NightshiftApp

struct CronCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cron",
        abstract: "Print when a Jenkins cron spec fires, exactly as Jenkins would.",
        discussion: """
            Prints one firing per line as YYYY-MM-DDTHH:MM:SS±HH:MM. A spec Jenkins rejects prints \
            the reason and exits 2; a spec of only comments prints nothing.
            """)

    @Argument(help: "The spec: five fields, H, @aliases; several lines, # comments and a TZ= first line are allowed.")
    var spec: String

    @Option(
        help: ArgumentHelp(
            "What H hashes (a Jenkins job's full name, or a lane's name). Without it every H takes the lowest value of its range.",
            valueName: "name"))
    var seed: String?

    @Option(
        help: ArgumentHelp(
            "Start here (rounded up to the minute); default now. Without an offset it is read in --timezone.", valueName: "ISO8601"))
    var from: String?

    @Option(help: ArgumentHelp("The zone to match and print in (default: TZ, else the system zone).", valueName: "zone"))
    var timezone: String?

    @Option(help: "How many firings to print.")
    var count = 5

    @Flag(help: "Print the last firing at or before --from instead.")
    var previous = false

    @Flag(help: "Show what each field resolved to and describe the schedule in words.")
    var explain = false

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
        let command = PreviewCron(
            spec: spec, seed: seed, from: from, timezone: timezone, count: count, previous: previous, explain: explain)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}
