import Foundation
import NightshiftSystem

/// The journals under `<state>/runs/<lane>/`: reading one, and finding the run to resume.
struct JournalStore {
    /// `<state>/runs/<lane>`, the lane masked as its folder is.
    let laneFolder: String

    func runFolder(_ runID: String) -> String { "\(laneFolder)/\(runID)" }
    func journalPath(_ runID: String) -> String { "\(runFolder(runID))/\(RunJournal.fileName)" }
    func lockPath(_ runID: String) -> String { "\(runFolder(runID))/\(RunFolders.journalLockName)" }

    func load(_ runID: String, lane: String) throws(JournalProblem) -> RunJournal {
        let path = journalPath(runID)
        let journal = try JournalCoding.decode(JournalCoding.contents(of: path, lane: lane, runID: runID, known: runIDs), path: path)
        try checkRunID(journal.runID, of: runID)
        return journal
    }

    /// What `newest` compares, without decoding the steps.
    private func header(_ runID: String, lane: String) throws(JournalProblem) -> JournalCoding.Header {
        let path = journalPath(runID)
        let header = try JournalCoding.decodeHeader(
            JournalCoding.contents(of: path, lane: lane, runID: runID, known: runIDs), path: path)
        try checkRunID(header.runID, of: runID)
        return header
    }

    /// The id names the run folder a resumed run writes into: it must be this one.
    private func checkRunID(_ recorded: String, of runID: String) throws(JournalProblem) {
        guard recorded == runID else {
            throw .unreadable(path: journalPath(runID), reason: "it names run '\(recorded)', not its folder '\(runID)'")
        }
    }

    /// The newest run of `lanesFile` (by its journal's last change) that did not pass, or with
    /// `anyStatus` its newest run at all; with the newer runs of other lanes files it passed
    /// over. A journal still marked running whose lock nobody holds was cut short (a crash,
    /// `kill -9`): it counts as interrupted.
    func newest(lane: String, of lanesFile: LanesFileRecord, anyStatus: Bool) throws(JournalProblem) -> (
        runID: String, otherFiles: [String]
    ) {
        let dated = runIDs().compactMap { runID -> (String, Date)? in
            let attributes = try? FileManager.default.attributesOfItem(atPath: journalPath(runID))
            return (attributes?[.modificationDate] as? Date).map { (runID, $0) }
        }
        var otherFiles: [String] = []
        for (runID, _) in dated.sorted(by: { ($0.1, $0.0) > ($1.1, $1.0) }) {
            let journal = try header(runID, lane: lane)
            guard journal.lanesFile.isSameFile(as: lanesFile) else {
                otherFiles.append(runID)
                continue
            }
            if anyStatus || journal.status != .passed { return (runID, otherFiles) }
        }
        throw .noRun(lane: lane, runID: nil, known: [], otherFiles: otherFiles)
    }

    func runIDs() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: laneFolder)) ?? []).filter {
            FileManager.default.fileExists(atPath: journalPath($0))
        }.sorted()
    }
}
