import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftScheduling
import NightshiftSystem

/// Test results in the run history (`.nightshift/history.sqlite`), for `nightshift history
/// --tests` and shard balancing. Every real `nightshift run` writes them once its lanes end,
/// the scheduler's children and runs by hand alike, so a test's record does not depend on who
/// started the run; the history is created when it does not exist yet. A dry run writes none.
extension CommandContext {
    /// Records every test step's tests of `results`; a history that cannot be written is a
    /// warning, not the run's failure (its tests ran and were reported either way).
    func recordTests(of results: [LaneResult], dryRun: Bool) async {
        guard !dryRun else { return }
        // Masked again as it is written, with every secret the run learned by its end (a token an
        // upload received after the tests ran).
        let masker = secrets.masker
        for result in results {
            let steps = result.steps.compactMap { step in
                step.tests.map { (step: masker.mask(step.name), lane: masker.mask(step.lane), report: $0.masked(by: masker)) }
            }
            guard !steps.isEmpty else { continue }
            do {
                let history = try SQLiteRunHistory(path: historyPath, recovery: historyRecovery)
                // Grouped by the lane each step belongs to (a called lane's own steps under its name).
                for lane in Set(steps.map(\.lane)).sorted() {
                    let ofLane = steps.filter { $0.lane == lane }.map { (step: $0.step, report: $0.report) }
                    try await history.recordTests(runID: result.runID, lane: lane, at: clock.now, steps: ofLane)
                }
            } catch {
                tell(.warning("the test results were not recorded in the run history \(historyPath): \(error)", at: nil))
            }
        }
    }

    /// Each test's latest duration for balancing shards, from the run history when it exists;
    /// nil without one (the first run shards by count).
    func testDurationHistory() -> (any TestDurationHistory)? {
        guard FileManager.default.fileExists(atPath: historyPath) else { return nil }
        return try? SQLiteRunHistory(path: historyPath)
    }

    /// A corrupt history is moved aside and started afresh, said on standard error.
    var historyRecovery: CorruptionRecovery {
        CorruptionRecovery(clock: clock) { [self] in tell(.error($0, at: nil)) }
    }
}
