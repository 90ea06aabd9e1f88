import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftScheduling
import NightshiftSystem

/// Manual runs in the run history beside the scheduler's firings, so `nightshift history` shows
/// every run of a lane, whoever started it. The scheduler records its own children (it launches
/// them with the lane lock's variable set), so they are not recorded twice; a dry run is none.
extension CommandContext {
    func recordManualRuns(of results: [LaneResult], dryRun: Bool) async {
        guard !dryRun, environment.variables[LaneLockFiles.variable] == nil, !results.isEmpty else { return }
        do {
            let history = try SQLiteRunHistory(path: historyPath, recovery: historyRecovery)
            for result in results { _ = try await history.insert(Self.record(of: result)) }
        } catch {
            // A warning, not the run's failure: its lanes ran and were reported either way.
            output.err(printer.render([.warning("the run was not recorded in the run history \(historyPath): \(error)", at: nil)]))
        }
    }

    /// As the scheduler records a firing: the lane's name as lanes.yml writes it, its run folder
    /// (whose name was masked when it was made); the step that failed is in that folder's report.
    static func record(of result: LaneResult) -> RunRecord {
        let status: RunStatus
        let note: String?
        switch result.status {
        case .passed, .passedWithWarnings: (status, note) = (.succeeded, nil)
        case .failed: (status, note) = (.failed, nil)
        case .interrupted: (status, note) = (.interrupted, nil)
        case .notRun: (status, note) = (.skipped, "not run: an earlier lane of the run failed, or the run was interrupted")
        }
        let ran = result.status != .notRun
        return RunRecord(
            lane: result.lane, scheduledAt: result.start, startedAt: ran ? result.start : nil,
            endedAt: ran ? result.start.addingTimeInterval(result.duration.seconds) : nil, status: status,
            exitCode: ran ? ExitStatus.of([result]) : nil, logFolder: ran ? result.logFolder : nil, note: note, trigger: .manual)
    }
}
