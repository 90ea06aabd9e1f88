import Foundation
import NightshiftSystem

/// The journals under `<state>/runs/<lane>/`: reading one, and finding the run to resume.
struct JournalStore {
    /// `<state>/runs/<lane>`, the lane masked as its folder is.
    let laneFolder: String

    func runFolder(_ runID: String) -> String { "\(laneFolder)/\(runID)" }
    func journalPath(_ runID: String) -> String { "\(runFolder(runID))/\(RunJournal.fileName)" }
    func lockPath(_ runID: String) -> String { "\(runFolder(runID))/journal.lock" }

    func load(_ runID: String, lane: String) throws(JournalProblem) -> RunJournal {
        let path = journalPath(runID)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .noRun(lane: lane, runID: runID, known: runIDs())
        }
        return try JournalCoding.decode(data, path: path)
    }

    /// The newest run (by its journal's last change) that did not pass, or with `anyStatus` the
    /// newest run at all. A journal still marked running whose lock nobody holds was cut short
    /// (a crash, `kill -9`): it counts as interrupted.
    func newest(lane: String, anyStatus: Bool) throws(JournalProblem) -> String {
        let dated = runIDs().compactMap { runID -> (String, Date)? in
            let attributes = try? FileManager.default.attributesOfItem(atPath: journalPath(runID))
            return (attributes?[.modificationDate] as? Date).map { (runID, $0) }
        }
        for (runID, _) in dated.sorted(by: { ($0.1, $0.0) > ($1.1, $1.0) }) {
            let journal = try load(runID, lane: lane)
            if anyStatus || journal.status != .passed { return runID }
        }
        throw .noRun(lane: lane, runID: nil, known: [])
    }

    func runIDs() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: laneFolder)) ?? []).filter {
            FileManager.default.fileExists(atPath: journalPath($0))
        }.sorted()
    }
}
