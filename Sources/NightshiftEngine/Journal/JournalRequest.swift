public import NightshiftSystem

/// What the command line asked of the journal: keep one (every real run), and maybe resume an
/// earlier run of the lane or start it at a named step.
public struct JournalRequest: Sendable, Hashable {
    /// The lanes file, standardized (one journal whatever `--file`'s spelling): recorded (path and
    /// SHA-256), and where git is asked from.
    public var lanesFilePath: AbsolutePath
    /// `--resume [RUN-ID]`.
    public var resume: ResumeTarget?
    /// `--from STEP`: continues the named run (or the newest run of the lane) from that step.
    public var from: String?

    public init(lanesFilePath: AbsolutePath, resume: ResumeTarget? = nil, from: String? = nil) {
        self.lanesFilePath = lanesFilePath
        self.resume = resume
        self.from = from
    }

    /// Whether this run continues an earlier one.
    public var continuesEarlierRun: Bool { resume != nil || from != nil }
}

public enum ResumeTarget: Sendable, Hashable {
    /// The newest failed or interrupted run of the lane.
    case newest
    case run(String)
}
