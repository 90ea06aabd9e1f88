import ArgumentParser
import NightshiftApp

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run one or more lanes, in order (or at once, with --parallel).")

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: ArgumentHelp(
            "The lanes to run, each followed by its options as name=value (or name:value); `nightshift lanes LANE` lists them.",
            valueName: "lane-or-option"))
    var lanes: [String]

    @Flag(help: "Print every command the lanes would execute, secrets masked; execute nothing.")
    var dryRun = false

    @Flag(help: "Run the remaining lanes after one fails.")
    var keepGoing = false

    @Flag(name: .shortAndLong, help: "Show long tool output (xcodebuild) whole on the terminal.")
    var verbose = false

    @Flag(
        help: ArgumentHelp(
            "Run the lanes at once, each with its own run folder, its lines prefixed with its name; `--parallel N` runs at most N at a time."
        ))
    var parallel = false

    @Option(help: ArgumentHelp("Write a JUnit XML report.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write the run as JSON.", valueName: "file"))
    var json: String?

    func validate() throws {
        if lanes.isEmpty { throw ValidationError("name at least one lane to run") }
    }

    func run() async throws {
        if !dryRun { ProcessStartup.adoptOrphanedDescendants() }
        let command = RunLanes(
            global: global.app, lanes: lanes, dryRun: dryRun, keepGoing: keepGoing, verbose: verbose,
            junit: junit, json: json, parallel: parallel)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}
