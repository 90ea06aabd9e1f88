import Foundation
import NightshiftCore
import NightshiftScheduling
import NightshiftSystem

/// `nightshift history [LANE]`: the runs of the lanes, the scheduler's and manual ones, newest first; with `tests`, each test's
/// failures and flaky passes over the last `lastRuns` runs that recorded tests.
public struct ShowHistory: AppCommand {
    public var lane: String?
    public var json: Bool
    public var limit: Int
    /// `--tests`: per-test results instead of runs.
    public var tests: Bool
    /// `--last N`: how many runs of each lane `--tests` looks at.
    public var lastRuns: Int

    public init(lane: String? = nil, json: Bool = false, limit: Int = 50, tests: Bool = false, lastRuns: Int = 20) {
        self.lane = lane
        self.json = json
        self.limit = limit
        self.tests = tests
        self.lastRuns = lastRuns
    }

    public var lanesFile: LanesFileOptions? { nil }

    /// 0 (also with no history yet); 1 when the history cannot be read.
    public func work(in context: CommandContext) async throws -> Int32 {
        if tests { return try await showTests(in: context) }
        var records: [RunRecord] = []
        let path = context.historyPath
        if FileManager.default.fileExists(atPath: path) {
            do {
                let listing = try await SQLiteRunHistory(path: path).listing(lane: lane, limit: limit)
                records = listing.records
                // On standard error, so `--json` stays valid JSON.
                for note in listing.unreadable { context.tell(.note(note)) }
            } catch {
                throw HistoryUnreadable(path: path, reason: error)
            }
        }
        context.output.out(json ? try RunHistoryPrinter.json(records) : RunHistoryPrinter.table(records, zone: context.systemTimeZone))
        return ExitStatus.success
    }

    private func showTests(in context: CommandContext) async throws -> Int32 {
        var listing = TestHistoryListing(lanes: [], tests: [])
        let path = context.historyPath
        if FileManager.default.fileExists(atPath: path) {
            do {
                listing = try await SQLiteRunHistory(path: path).testStatistics(lane: lane, runs: lastRuns)
            } catch {
                throw HistoryUnreadable(path: path, reason: error)
            }
        }
        context.output.out(json ? try TestHistoryPrinter.json(listing) : TestHistoryPrinter.text(listing))
        return ExitStatus.success
    }
}
