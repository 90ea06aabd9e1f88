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
