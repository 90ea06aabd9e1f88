public import Foundation
import NightshiftCore

/// The newest earlier run of a lane whose upload passed, read from the run journals under
/// `<state>/runs/<lane>/`: where `notes: { from: git }` starts counting commits. The journals,
/// not a tag: nothing is pushed, and a failed delivery does not move the mark.
public struct LastDelivery: Sendable, Hashable {
    public var runID: String
    /// The commit the delivering attempt ran from.
    public var commit: String
    public var finished: Date

    /// `laneFolder`: `<state>/runs/<lane>`; `current`: this run's id, left out. Unreadable
    /// journals are passed over: they cannot say they delivered.
    public static func find(laneFolder: String, excluding current: String) -> LastDelivery? {
        let store = JournalStore(laneFolder: laneFolder)
        var newest: LastDelivery?
        for runID in store.runIDs() where runID != current {
            guard let journal = try? store.load(runID, lane: "") else { continue }
            for step in journal.steps where step.kind == StepKeyword.upload.rawValue && step.status == JournalStep.passed {
                let attempt = journal.attempts.first { $0.number == step.attempt }
                guard let commit = attempt?.repository?.commit ?? journal.repository?.commit else { continue }
                if newest.map({ step.finished > $0.finished }) ?? true {
                    newest = LastDelivery(runID: runID, commit: commit, finished: step.finished)
                }
            }
        }
        return newest
    }
}
