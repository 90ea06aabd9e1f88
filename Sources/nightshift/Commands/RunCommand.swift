import ArgumentParser
import NightshiftApp

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run one or more lanes, in order (or at once, with --parallel).")

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: ArgumentHelp(
            "The lanes to run, each followed by its options as name=value (or name:value); `nightshift lanes LANE` lists them. With --resume: the lane, then optionally the id of its run to resume.",
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

    @Option(help: ArgumentHelp("Write the HTML report (index.html and its stylesheet) into this folder.", valueName: "dir"))
    var html: String?

    @Flag(help: "Continue the lane's last failed run (or the run id after the lane), reusing unchanged steps.")
    var resume = false

    @Option(help: ArgumentHelp("Continue the lane's last run from this step, without running those before it.", valueName: "step"))
    var from: String?

    func validate() throws {
        if lanes.isEmpty { throw ValidationError("name at least one lane to run") }
        if let problem = command.pathProblem { throw ValidationError(problem) }
    }

    var command: RunLanes {
        RunLanes(
            global: global.app, lanes: lanes, dryRun: dryRun, keepGoing: keepGoing, verbose: verbose,
            junit: junit, json: json, html: html, resume: resume, from: from, parallel: parallel)
    }

    func run() async throws {
        if !dryRun { ProcessStartup.adoptOrphanedDescendants() }
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}
