import ArgumentParser
import NightshiftCore
import NightshiftEngine
import NightshiftScheduling
import NightshiftSystem

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run one or more lanes, in order.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The lanes to run.")
    var lanes: [String]

    @Flag(help: "Print every command the lanes would execute, secrets masked; execute nothing.")
    var dryRun = false

    @Flag(help: "Run the remaining lanes after one fails.")
    var keepGoing = false

    @Flag(name: .shortAndLong, help: "Show long tool output (xcodebuild) whole on the terminal.")
    var verbose = false

    @Option(help: ArgumentHelp("Write a JUnit XML report.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write the run as JSON.", valueName: "file"))
    var json: String?

    func validate() throws {
        if lanes.isEmpty { throw ValidationError("name at least one lane to run") }
    }

    func run() async throws {
        let root = CompositionRoot(global: global)
        let laneLock = try root.holdLaneLock(for: lanes)
        defer { withExtendedLifetime(laneLock) {} }
        let file = try root.loadLanesFile()
        if !dryRun { ProcessStartup.adoptOrphanedDescendants() }
        let session = try root.runSession(file: file, dryRun: dryRun, verbose: verbose)
        let results: [LaneResult]
        do {
            results = try await session.run(lanes, keepGoing: keepGoing)
        } catch {
            root.output.err(session.runner.masker.mask(root.diagnosticPrinter.render(error.problems)))
            throw ExitCode(ExitStatus.usage)
        }
        let reportsWritten = root.writeReports(results, junit: junit, json: json, masker: session.runner.masker)
        throw ExitCode(ExitStatus.of(results, reportsWritten: reportsWritten))
    }
}
