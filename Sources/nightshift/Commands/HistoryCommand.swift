import ArgumentParser
import NightshiftApp

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the runs of the lanes, the scheduler's and manual ones, newest first (from .nightshift/history.sqlite).")

    @Argument(help: "Only this lane's runs.")
    var lane: String?

    @Flag(help: "Print JSON (times in UTC).")
    var json = false

    @Option(help: "At most this many runs.")
    var limit = 50

    @Flag(help: "Show each test's failures and flaky passes over the last runs instead (test: steps).")
    var tests = false

    @Option(help: "With --tests: how many of each lane's latest runs to look at (default 20).")
    var last: Int?

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
        if let last {
            guard tests else { throw ValidationError("--last goes with --tests") }
            guard last >= 1 else { throw ValidationError("--last must be at least 1") }
        }
    }

    func run() async throws {
        let command = ShowHistory(lane: lane, json: json, limit: limit, tests: tests, lastRuns: last ?? 20)
        throw ExitCode(await command.execute(in: CompositionRoot.environment()))
    }
}
