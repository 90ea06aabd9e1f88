/// The folders of one run: logs under `.nightshift/runs/<lane>/<run-id>/`, artifacts (archives,
/// .ipa files, derived data) in an output folder of the run's own, never shared with another run.
public struct RunFolders: Sendable, Hashable {
    public var runID: String
    /// `.nightshift/runs/<lane>/<run-id>`: step logs and reports.
    public var logs: String
    /// `<logs>/output`: everything the run builds.
    public var output: String

    public init(runID: String, logs: String, output: String) {
        self.runID = runID
        self.logs = logs
        self.output = output
    }

    public init(root: String, lane: String, runID: String) {
        let logs = "\(root)/runs/\(lane)/\(runID)"
        self.init(runID: runID, logs: logs, output: "\(logs)/output")
    }
}

extension RunFolders {
    /// `<state>/runs`, where every lane keeps its runs' folders, when the output folder sits where
    /// `init(root:lane:runID:)` and a resumed run put it (`<state>/runs/<lane>/<run-id>/output`);
    /// nil for folders laid out otherwise.
    public var runsFolder: String? {
        let parts = output.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 5, parts[parts.count - 1] == "output", parts[parts.count - 2] == runID,
            parts[parts.count - 4] == "runs"
        else { return nil }
        return parts.dropLast(3).joined(separator: "/")
    }

    /// Where the run `runID` of the lane folder `lane` holds its journal lock for as long as it
    /// runs (the kernel drops it when the process dies, `kill -9` included).
    public static func journalLock(runsFolder: String, lane: String, runID: String) -> String {
        "\(runsFolder)/\(lane)/\(runID)/\(journalLockName)"
    }

    static let journalLockName = "journal.lock"
}
