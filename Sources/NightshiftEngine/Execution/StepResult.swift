public import Foundation
public import NightshiftCore

/// How a step ended.
public enum StepStatus: String, Sendable, Hashable, Codable {
    case passed
    /// Failed, but `continue_on_error` kept the lane going.
    case failedIgnored = "failed (ignored)"
    case failed
    case timedOut = "timed out"
    case interrupted
    /// Its `if:` was false.
    case skipped
    /// Never reached: an earlier step failed or the run was interrupted.
    case notRun = "not run"
    /// Not run again by a resumed run: it passed before, its inputs are unchanged and its
    /// artifacts are still there (the message says which).
    case reused

    public var isFailure: Bool { [.failed, .timedOut, .interrupted].contains(self) }
}

/// One step's outcome, as reports show it.
public struct StepResult: Sendable, Hashable {
    /// The lane whose step this is (a called lane's name for steps run through `lane:`).
    public var lane: String
    public var name: String
    public var kind: StepResultKind
    public var status: StepStatus
    public var start: Date
    public var duration: Duration
    public var exitCode: Int32?
    public var attempts: Int
    /// Why it failed or was skipped, masked.
    public var message: String?
    /// What kind of failure, for machines; nil unless it failed (excused failures included).
    public var reason: FailureReason?
    /// The last lines of its output, masked, for failure reports.
    public var outputTail: String
    public var logPath: String?
    /// Why its log is not the whole output (a full disk), masked; nil when it is, or when
    /// nothing was logged.
    public var logProblem: String?
    /// The attempts that failed before the last one, oldest first (empty without retries).
    public var earlierFailures: [AttemptFailure]
    /// What the step reported beyond its status (`StepDetails`), masked.
    public var details: [String: String] = [:]
    /// A `test:` step's results (`StepDetails.setTests`), test names and paths masked.
    public var tests: TestStepReport?
    /// The compilation cache's hits and misses in the step's build (`cache: { compilation: true }`),
    /// as xcodebuild's log stated them; nil when it stated none.
    public var compilationCache: CompilationCacheMetrics?

    public init(
        lane: String, name: String, kind: StepResultKind, status: StepStatus, start: Date, duration: Duration = .zero,
        exitCode: Int32? = nil, attempts: Int = 0, message: String? = nil, reason: FailureReason? = nil, outputTail: String = "",
        logPath: String? = nil, earlierFailures: [AttemptFailure] = []
    ) {
        self.lane = lane
        self.name = name
        self.kind = kind
        self.status = status
        self.start = start
        self.duration = duration
        self.exitCode = exitCode
        self.attempts = attempts
        self.message = message
        self.reason = reason
        self.outputTail = outputTail
        self.logPath = logPath
        self.earlierFailures = earlierFailures
    }
}

/// How a lane ended.
public enum LaneStatus: String, Sendable, Hashable, Codable {
    case passed
    case passedWithWarnings = "passed with warnings"
    case failed
    case interrupted
    /// Never started: an earlier lane of the run failed, or the run was interrupted first.
    case notRun = "not run"
}

public struct LaneResult: Sendable, Hashable {
    public var lane: String
    public var status: LaneStatus
    public var steps: [StepResult]
    public var start: Date
    public var duration: Duration
    public var runID: String
    /// Where its step logs are; empty when the run could not create it (no logs were written).
    public var logFolder: String
    /// The signal that interrupted the run, if one did.
    public var signal: Int32?
    /// Which attempt of its run this was: 1, or 2 and up for a `--resume`d or `--from` run.
    public var attempt = 1
    /// The options the run was given or defaulted, secret ones masked (issue #19).
    public var options: [LaneOptionValues.Record] = []
    /// Why a `notRun` lane did not start, masked.
    public var message: String?
    /// The Xcode the lane's `xcode:` chose; nil when it pins none (the machine's selected one).
    public var xcode: InstalledXcode?

    public init(
        lane: String, status: LaneStatus, steps: [StepResult], start: Date, duration: Duration, runID: String,
        logFolder: String, signal: Int32? = nil
    ) {
        self.lane = lane
        self.status = status
        self.steps = steps
        self.start = start
        self.duration = duration
        self.runID = runID
        self.logFolder = logFolder
        self.signal = signal
    }

    /// Whether a step's log could not be written whole: the run then exits 1 whatever its result.
    public var hasIncompleteLogs: Bool { steps.contains { $0.logProblem != nil } }

    /// The first failure, which decides the lane's result.
    public var firstFailure: StepResult? { steps.first { $0.status.isFailure } }
}
