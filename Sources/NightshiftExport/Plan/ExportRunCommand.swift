public import NightshiftCore

/// The shell lines every exported job runs: install nightshift unless the lane's `setup:` does,
/// then `nightshift run LANE` with its options and reports. Each engine puts them in its own
/// syntax; the words are the same.
public enum ExportRunCommand {
    /// Builds nightshift from the repository's Package.swift, once per agent workspace.
    public static let defaultSetup = "[ -x .build/release/nightshift ] || swift build -c release --product nightshift"
    public static let builtExecutable = ".build/release/nightshift"

    /// `setup` as the lane's engine block gives it, else the build from Package.swift.
    public static func setupLine(_ setup: String?) -> String { setup ?? defaultSetup }

    /// nightshift from `PATH` once a `setup:` installed it, else the one built in the workspace.
    public static func executable(_ setup: String?) -> String { setup == nil ? builtExecutable : "nightshift" }

    /// The lane's report paths: `reports/<lane>.xml`, and `.json` beside it.
    public static func junitReport(_ lane: String) -> String { "reports/\(lane).xml" }
    public static func jsonReport(_ lane: String) -> String { "reports/\(lane).json" }

    /// `nightshift run LANE <options> [--file F] --junit reports/LANE.xml [--json reports/LANE.json]`.
    public static func runLine(executable: String, lane: String, options: [String] = [], lanesFilePath: String, json: Bool = false)
        -> String
    {
        var words = [executable, "run", ShellWord.quoted(lane)] + options
        if lanesFilePath != ExportedLanesFile.defaultPath {
            words += ["--file", ShellWord.quoted(lanesFilePath)]
        }
        words += ["--junit", ShellWord.quoted(junitReport(lane))]
        if json { words += ["--json", ShellWord.quoted(jsonReport(lane))] }
        return words.joined(separator: " ")
    }

    /// The words after the lane in `nightshift run`: each plain option from the job's environment
    /// (the engine sets one variable per parameter or input, named like the option), passed only
    /// when not empty, so an empty one leaves nightshift's default or its "needs option" error.
    /// Secret ones never go on a command line (`ps` shows it): nightshift reads them from
    /// `NIGHTSHIFT_OPTION_NAME` in its environment.
    public static func optionWords(for options: [LaneOption]) -> [String] {
        options.filter { !$0.isSecret }.map { "${\($0.name):+\"\($0.name)=$\($0.name)\"}" }
    }
}
