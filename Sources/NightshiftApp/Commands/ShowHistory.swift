import Foundation
import NightshiftScheduling
import NightshiftSystem

/// `nightshift history [LANE]`: the scheduler's runs, newest first.
public struct ShowHistory: AppCommand {
    public var lane: String?
    public var json: Bool
    public var limit: Int

    public init(lane: String? = nil, json: Bool = false, limit: Int = 50) {
        self.lane = lane
        self.json = json
        self.limit = limit
    }

    public var lanesFile: LanesFileOptions? { nil }

    /// 0 (also with no history yet); 1 when the history cannot be read.
    public func work(in context: CommandContext) async throws -> Int32 {
        var records: [RunRecord] = []
        let path = context.historyPath
        if FileManager.default.fileExists(atPath: path) {
            do {
                let listing = try await SQLiteRunHistory(path: path).listing(lane: lane, limit: limit)
                records = listing.records
                // On standard error, so `--json` stays valid JSON.
                for note in listing.unreadable { context.output.err("note: \(note)\n") }
            } catch {
                throw HistoryUnreadable(path: path, reason: error)
            }
        }
        context.output.out(json ? try RunHistoryPrinter.json(records) : RunHistoryPrinter.table(records, zone: context.systemTimeZone))
        return ExitStatus.success
    }
}
