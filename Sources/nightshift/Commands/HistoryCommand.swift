import ArgumentParser
import Foundation
import NightshiftScheduling
import NightshiftSystem

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
        let root = try CompositionRoot.withoutLanesFile()
        var records: [RunRecord] = []
        if FileManager.default.fileExists(atPath: root.historyPath) {
            do {
                let listing = try await SQLiteRunHistory(path: root.historyPath).listing(lane: lane, limit: limit)
                records = listing.records
                // On standard error, so `--json` stays valid JSON.
                for note in listing.unreadable { root.output.err("note: \(note)\n") }
            } catch {
                root.output.err("error: cannot read the run history \(root.historyPath): \(error)\n")
                throw ExitCode(ExitStatus.failed)
            }
        }
        root.output.out(json ? try RunHistoryPrinter.json(records) : RunHistoryPrinter.table(records, zone: root.systemTimeZone))
    }
}
