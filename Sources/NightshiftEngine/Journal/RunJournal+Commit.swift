import Foundation
import NightshiftSystem

extension RunJournal {
    /// The commit the run started from, as its journal in `runFolder` (a `LaneResult.logFolder`)
    /// recorded it; nil without a journal, or outside a git repository. Read, not asked of git
    /// again: the journal says what the run was made from, whatever moved since.
    public static func commit(inRunFolder runFolder: String) -> String? {
        guard !runFolder.isEmpty,
            let data = try? WholeFile.contents(of: "\(runFolder)/\(fileName)", atMost: JournalCoding.maximumSize)
        else { return nil }
        return (try? JournalCoding.decode(data, path: runFolder))?.repository?.commit
    }
}
