import ArgumentParser
import NightshiftApp

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Show the scheduler's runs, newest first (from .nightshift/history.sqlite).")

    @Argument(help: "Only this lane's runs.")
    var lane: String?

    @Flag(help: "Print JSON (times in UTC).")
    var json = false

    @Option(help: "At most this many runs.")
    var limit = 50

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() async throws {
        throw ExitCode(await ShowHistory(lane: lane, json: json, limit: limit).execute(in: CompositionRoot.environment()))
    }
}
