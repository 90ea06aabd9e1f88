public import Foundation

/// `journal.json` in a run's folder: what each step of the run was made from and what it left,
/// so a later `nightshift run LANE --resume` can prove which steps need not run again. It holds
/// names, digests and masked text only: never a variable's value (a SHA-256 of it), never a
/// secret. Rewritten whole after each step (`DurableFile`), so a crash leaves the previous one.
public struct RunJournal: Codable, Sendable, Hashable {
    /// The format this build writes and reads; a newer journal is refused, not guessed at.
    public static let currentVersion = 1
    public static let fileName = "journal.json"
    /// More attempts than any run makes: a journal claiming others was not written by nightshift.
    public static let maxAttempts = 10_000

    public var version: Int
    /// The lane, masked like its run folder.
    public var lane: String
    public var runID: String
    public var lanesFile: LanesFileRecord
    /// nil when the lanes file is not in a git repository (or git could not say).
    public var repository: RepositoryState?
    /// The repository as the latest attempt left it: asked again whenever a finished step is
    /// written down and at the lane's end, so an attempt killed mid-run left its latest state.
    /// A resumed run compares the tree with this, not with a clean one: a build number the run
    /// itself bumped is no change.
    public var left: RepositoryState?
    public var status: JournalStatus
    /// The first run and each resumption, oldest first.
    public var attempts: [JournalAttempt]
    /// The latest outcome of each step, in the order the run reached them.
    public var steps: [JournalStep]
    /// The lane's options in the latest attempt, in the order it declares them (no secret
    /// value: `JournalOption`); nil in a journal from before they were kept.
    public var options: [JournalOption]?
    /// What steps wrote down while they ran (`JournalNote`); nil when none did.
    public var notes: [JournalNote]?

    public init(
        lane: String, runID: String, lanesFile: LanesFileRecord, repository: RepositoryState?, attempts: [JournalAttempt],
        steps: [JournalStep] = [], status: JournalStatus = .running
    ) {
        version = Self.currentVersion
        self.lane = lane
        self.runID = runID
        self.lanesFile = lanesFile
        self.repository = repository
        self.attempts = attempts
        self.steps = steps
        self.status = status
    }
}

/// How a run stands: `running` also describes a run that crashed (nothing updated it since);
/// its lock tells the two apart.
public enum JournalStatus: String, Codable, Sendable, Hashable {
    case running, passed, failed, interrupted
}

public struct LanesFileRecord: Codable, Sendable, Hashable {
    public var path: String
    public var sha256: String

    public init(path: String, sha256: String) {
        self.path = path
        self.sha256 = sha256
    }

    /// Whether a run of `other` is a run of this file: the same path (edited since or not: what
    /// changed re-runs), or the same content elsewhere (a workspace moved, as Jenkins' `ws@2`).
    public func isSameFile(as other: LanesFileRecord) -> Bool {
        path == other.path || (sha256 == other.sha256 && sha256 != Self.unreadable)
    }

    /// The digest recorded when the file could not be read.
    public static let unreadable = "unreadable"
}

/// The repository's commit and how its tracked files differed from it.
public struct RepositoryState: Codable, Sendable, Hashable {
    public var commit: String
    public var dirty: Bool
    /// SHA-256 of `git diff --binary HEAD`: what a resumed run compares with the state the
    /// attempt before it left (`RunJournal.left`). nil when git could not say (or in a journal
    /// from before it was kept).
    public var changes: String?

    public init(commit: String, dirty: Bool, changes: String? = nil) {
        self.commit = commit
        self.dirty = dirty
        self.changes = changes
    }
}

/// One `nightshift run` of the run: the first, or a resumption.
public struct JournalAttempt: Codable, Sendable, Hashable {
    public var number: Int
    public var started: Date
    public var resumed: Bool
    /// `--from STEP`, when the person chose where to start.
    public var from: String?
    public var repository: RepositoryState?

    public init(number: Int, started: Date, resumed: Bool, from: String? = nil, repository: RepositoryState?) {
        self.number = number
        self.started = started
        self.resumed = resumed
        self.from = from
        self.repository = repository
    }
}

/// One step's latest outcome and what it was made from.
public struct JournalStep: Codable, Sendable, Hashable {
    /// Its place in the order the run reached steps (called lanes' steps included), from 1.
    public var number: Int
    public var lane: String
    public var kind: String
    /// Masked.
    public var name: String
    /// Which attempt of the run produced this outcome (a reused step keeps the one that made it).
    public var attempt: Int
    public var fingerprint: String
    public var inputs: StepInputs
    /// `StepStatus`'s raw value.
    public var status: String
    public var attempts: Int
    public var finished: Date
    public var artifacts: [JournalArtifact]
    /// What the step handed to later steps (`NIGHTSHIFT_IPA_PATH`), masked: replayed when it is
    /// reused.
    public var exports: [String: String]
    /// Whether the step may be skipped at all: false for an `sh:` step without `outputs:`.
    public var reusable: Bool
    /// What the step reported beyond its status (`StepDetails`), masked: the changes a
    /// `signing: sync` made on App Store Connect. nil when it reported nothing.
    public var details: [String: String]?

    public init(
        number: Int, lane: String, kind: String, name: String, attempt: Int, fingerprint: String, inputs: StepInputs, status: String,
        attempts: Int, finished: Date, artifacts: [JournalArtifact], exports: [String: String], reusable: Bool,
        details: [String: String]? = nil
    ) {
        self.number = number
        self.lane = lane
        self.kind = kind
        self.name = name
        self.attempt = attempt
        self.fingerprint = fingerprint
        self.inputs = inputs
        self.status = status
        self.attempts = attempts
        self.finished = finished
        self.artifacts = artifacts
        self.exports = exports
        self.reusable = reusable
        self.details = details
    }
}

/// A file or folder a step produced, as it was when the step finished.
public struct JournalArtifact: Codable, Sendable, Hashable {
    public var path: String
    public var size: Int64
    public var sha256: String
    /// A folder (an .xcarchive): its digest covers every entry's relative path and content.
    public var directory: Bool

    public init(path: String, size: Int64, sha256: String, directory: Bool) {
        self.path = path
        self.size = size
        self.sha256 = sha256
        self.directory = directory
    }

    /// The file's name, for messages.
    public var name: String { (path as NSString).lastPathComponent }
}
