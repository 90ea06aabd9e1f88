public import NightshiftSystem

/// The folders of one run: logs under `.nightshift/runs/<lane>/<run-id>/`, artifacts (archives,
/// .ipa files, derived data) in an output folder of the run's own, never shared with another run.
/// Absolute from where the runner makes them (`LaneRunner.stateFolder`), so no step reads them
/// against a folder again.
public struct RunFolders: Sendable, Hashable {
    public var runID: String
    /// `.nightshift/runs/<lane>/<run-id>`: step logs and reports.
    public var logs: AbsolutePath
    /// `<logs>/output`: everything the run builds.
    public var output: AbsolutePath

    public init(runID: String, logs: AbsolutePath, output: AbsolutePath) {
        self.runID = runID
        self.logs = logs
        self.output = output
    }

    /// `lane` and `runID` are one name each (the loader refuses a lane name with `/` or a
    /// control character; a run id is made of digits, letters and `-`).
    public init(root: AbsolutePath, lane: String, runID: String) {
        let logs = root.appending("runs").appending(lane).appending(runID)
        self.init(runID: runID, logs: logs, output: logs.appending("output"))
    }
}

extension RunFolders {
    /// `<state>/runs`, where every lane keeps its runs' folders, when the output folder sits where
    /// `init(root:lane:runID:)` and a resumed run put it (`<state>/runs/<lane>/<run-id>/output`);
    /// nil for folders laid out otherwise.
    public var runsFolder: AbsolutePath? {
        let run = output.parent, lane = run.parent, runs = lane.parent
        guard output.lastComponent == "output", run.lastComponent == runID, runs.lastComponent == "runs" else { return nil }
        return runs
    }

    /// Where the run `runID` of the lane folder `lane` holds its journal lock for as long as it
    /// runs (the kernel drops it when the process dies, `kill -9` included).
    public static func journalLock(runsFolder: String, lane: String, runID: String) -> String {
        "\(runsFolder)/\(lane)/\(runID)/\(journalLockName)"
    }

    static let journalLockName = "journal.lock"
}
