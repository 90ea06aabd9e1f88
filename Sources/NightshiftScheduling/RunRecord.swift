public import Foundation

/// How a scheduled firing ended.
public enum RunStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Launched and not finished yet. A record a stopped daemon left `running` becomes `lost`
    /// when the next daemon starts (or once the lane, still running without it, ends).
    case running
    case succeeded
    case failed
    /// The lane was still running from an earlier firing, this daemon's or one started before it
    /// (no concurrent builds).
    case skipped
    /// Poll-SCM: the repository had not moved since the last successful run.
    case unchanged
    /// Missed while asleep or down, and older than the lane's `catch_up`.
    case missed
    /// Stopped by the daemon's shutdown.
    case interrupted
    /// The child could not be started at all.
    case launchFailed = "launch-failed"
    /// The daemon stopped (crashed, was killed) while the lane ran, so how the lane ended is
    /// unknown; its log folder tells.
    case lost
}

/// Who started a run.
public enum RunTrigger: String, Sendable, Hashable, Codable, CaseIterable {
    /// The scheduler fired it (and every run recorded before manual runs were).
    case schedule
    /// `nightshift run` typed by hand, or run by a CI job: recorded once its lanes end.
    case manual
}

/// One run of one lane, a firing of the scheduler's or a manual `nightshift run`, as `nightshift
/// history` shows it.
public struct RunRecord: Sendable, Hashable, Codable {
    public var id: Int64?
    public var lane: String
    public var scheduledAt: Date
    public var startedAt: Date?
    public var endedAt: Date?
    public var status: RunStatus
    public var exitCode: Int32?
    public var logFolder: String?
    /// For `when: changed`: the commit the run was started for.
    public var revision: String?
    /// Why the firing ended as it did, when the status alone does not say (`lost`, a `skipped`
    /// lane that a previous daemon started, a commit that could not be read).
    public var note: String?
    /// For a manual run, `scheduledAt` is when it started: nothing scheduled it.
    public var trigger: RunTrigger

    public init(
        id: Int64? = nil, lane: String, scheduledAt: Date, startedAt: Date? = nil, endedAt: Date? = nil,
        status: RunStatus, exitCode: Int32? = nil, logFolder: String? = nil, revision: String? = nil, note: String? = nil,
        trigger: RunTrigger = .schedule
    ) {
        self.trigger = trigger
        self.id = id
        self.lane = lane
        self.scheduledAt = scheduledAt
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.status = status
        self.exitCode = exitCode
        self.logFolder = logFolder
        self.revision = revision
        self.note = note
    }
}

/// Where the scheduler records its firings.
public protocol RunHistory: Sendable {
    /// Stores `record` and returns it with its `id`.
    func insert(_ record: RunRecord) async throws -> RunRecord
    /// Replaces the stored record with the same `id`.
    func update(_ record: RunRecord) async throws
    /// Replaces the stored record with the same `id` only while it is still `running`, in one
    /// step; false when something else (another daemon sharing the history) finished it first.
    func updateIfRunning(_ record: RunRecord) async throws -> Bool
    /// Every record still `running`, oldest first: at start, the runs a previous daemon left open.
    func runningRecords() async throws -> [RunRecord]
    /// Newest first; one lane's when `lane` is given.
    func records(lane: String?, limit: Int) async throws -> [RunRecord]
    /// The latest scheduled time recorded for `lane`, whatever its status: a firing at or before it
    /// has already been handled and must not run again after a restart.
    func lastScheduledTime(lane: String) async throws -> Date?
    /// The revision of the lane's last successful run (poll-SCM compares against it).
    func lastSuccessfulRevision(lane: String) async throws -> String?
}
