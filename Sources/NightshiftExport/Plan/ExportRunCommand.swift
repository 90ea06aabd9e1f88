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

    /// The lane's report paths: `reports/<lane>.xml`, and `.json` beside it, the lane's name with
    /// each character an artifact upload refuses in a path (`" : < > | * ? \`, control
    /// characters) as `_`.
    public static func junitReport(_ lane: String) -> String { "reports/\(fileName(lane)).xml" }
    public static func jsonReport(_ lane: String) -> String { "reports/\(fileName(lane)).json" }
    /// The lane's HTML report folder (`--html`): `reports/html/<lane>`, named as the others are.
    public static func htmlReport(_ lane: String) -> String { "reports/html/\(fileName(lane))" }

    /// `lane` with the characters GitHub's and Buildkite's artifact uploads refuse as `_`.
    public static func fileName(_ lane: String) -> String {
        String(lane.map { isUploadable($0) ? $0 : "_" })
    }

    public static func isUploadable(_ character: Character) -> Bool {
        !"\":<>|*?\\".contains(character) && !character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// `nightshift run LANE <options> [--file F] --junit reports/LANE.xml [--json reports/LANE.json]
    /// [--html reports/html/LANE]`.
    public static func runLine(
        executable: String, lane: String, options: [String] = [], lanesFilePath: String, json: Bool = false, html: Bool = false
    ) -> String {
        var flags: [String] = []
        if lanesFilePath != ExportedLanesFile.defaultPath {
            flags += ["--file", ShellWord.quoted(lanesFilePath)]
        }
        flags += ["--junit", ShellWord.quoted(junitReport(lane))]
        if json { flags += ["--json", ShellWord.quoted(jsonReport(lane))] }
        if html { flags += ["--html", ShellWord.quoted(htmlReport(lane))] }
        // A lane named `-on` would be read as an option: its flags first, then `--` before it.
        guard lane.hasPrefix("-") else { return ([executable, "run", ShellWord.quoted(lane)] + options + flags).joined(separator: " ") }
        return ([executable, "run"] + flags + ["--", ShellWord.quoted(lane)] + options).joined(separator: " ")
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
