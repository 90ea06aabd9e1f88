internal import Foundation
import NightshiftSystem

/// Whether a resumed run may skip `build-for-testing`: the stamp written after the last build
/// holds the step's journal fingerprint (the step, configuration, variables it reads and the
/// commit, tracked files unmodified) and the `.xctestrun` it made; when the fingerprint is the
/// same and that file is still there, only the tests run again.
struct BuildForTestingReuse {
    let stampPath: String

    /// The `.xctestrun` to reuse, or nil.
    func reusable(fingerprint: String?) -> String? {
        guard let fingerprint, let text = try? String(contentsOfFile: stampPath, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2, lines[0] == fingerprint, !lines[1].isEmpty, FileManager.default.fileExists(atPath: lines[1])
        else { return nil }
        return lines[1]
    }

    /// After a build that succeeded; a build without a fingerprint (no journal) removes the stamp.
    func record(fingerprint: String?, xctestrun: String) {
        guard let fingerprint else {
            try? FileManager.default.removeItem(atPath: stampPath)
            return
        }
        try? ReportFile.write(Array("\(fingerprint)\n\(xctestrun)\n".utf8), to: stampPath)
    }

    /// Before a build: a build cut short leaves no stamp that claims it finished.
    func invalidate() { try? FileManager.default.removeItem(atPath: stampPath) }
}
