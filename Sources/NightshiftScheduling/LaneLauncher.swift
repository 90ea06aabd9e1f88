public import Foundation
public import NightshiftSystem

/// One firing to launch.
public struct LaneLaunch: Sendable, Hashable {
    public var lane: String
    public var scheduledAt: Date
    /// Names the run's folder, `.nightshift/runs/<lane>/<runID>`.
    public var runID: String
    /// The schedule's `options:`, passed as `name=value` words after the lane (issue #19).
    public var options: [String: String]
    /// The schedule's secret options, passed as `NIGHTSHIFT_OPTION_NAME` in the child's
    /// environment, never as words that `ps` shows (issue #26).
    public var secretOptions: [String: String]

    public init(
        lane: String, scheduledAt: Date, runID: String, options: [String: String] = [:], secretOptions: [String: String] = [:]
    ) {
        self.lane = lane
        self.scheduledAt = scheduledAt
        self.runID = runID
        self.options = options
        self.secretOptions = secretOptions
    }
}

/// How a launched lane ended.
public struct LaneLaunchOutcome: Sendable, Hashable {
    /// nil when the child could not be started.
    public var termination: Termination?
    public var logFolder: String?
    /// Why the lane's log is incomplete (a full disk), for the daemon's log; the lane itself ran.
    public var logProblem: String?

    public init(termination: Termination?, logFolder: String?, logProblem: String? = nil) {
        self.termination = termination
        self.logFolder = logFolder
        self.logProblem = logProblem
    }
}

/// Runs one lane in isolation (a crash in the lane must not reach the daemon). Cancelling the
/// calling task stops the lane, letting its cleanup run.
public protocol LaneLauncher: Sendable {
    func launch(_ launch: LaneLaunch) async -> LaneLaunchOutcome
    /// Where the launch's logs go, known before it starts: the history points there from the
    /// start, so a run the daemon loses track of can still be looked up.
    func logFolder(for launch: LaneLaunch) -> String
}
