import NightshiftCore
public import NightshiftEngine

/// What nightshift's exit codes mean. Jenkins and scripts rely on these.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// A step failed.
    public static let stepFailed: Int32 = 1
    /// `export` could not write its files.
    public static let cannotWrite: Int32 = 1
    /// Bad usage, a bad lanes.yml, a missing variable: nothing ran.
    public static let usage: Int32 = 2
    /// The command could not do its work: another scheduler holds the lock, the run history
    /// cannot be opened.
    public static let failed: Int32 = 1

    /// 0, 1, or 128 + the signal that interrupted the run (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).
    /// A passing run whose `--junit`/`--json` report or a step's log could not be written whole
    /// is not a success: Jenkins would publish nothing, or an old report; the log misses output.
    public static func of(_ results: [LaneResult], reportsWritten: Bool = true) -> Int32 {
        if let signal = results.compactMap(\.signal).first { return 128 + signal }
        if results.contains(where: { $0.status == .failed || $0.status == .interrupted }) { return stepFailed }
        // Like an unwritten report: a log cut short by a full disk is not a clean run.
        if results.contains(where: \.hasIncompleteLogs) { return cannotWrite }
        return reportsWritten ? success : cannotWrite
    }
}
