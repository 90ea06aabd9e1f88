import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftSystem

/// A lane run's journal and the folders it runs in: a new run folder, or for `--resume` and
/// `--from` the earlier run's, with this attempt's logs in `attempt-N/` beside the first's.
struct JournalSession {
    var folders: RunFolders
    var recorder: RunJournalRecorder
}

extension LaneRunner {
    /// nil when the run keeps no journal (`RunOptions.journal` unset: a dry run not resuming,
    /// or a runner built in code). Throws, before anything ran, when the run to resume cannot be.
    func openJournal(for lane: Lane, runID: String) async throws(RunPreparationError) -> JournalSession? {
        guard let request = options.journal, !options.isDryRun || request.continuesEarlierRun else { return nil }
        let store = journalStore(for: lane)
        let lanesFile = lanesFileRecord(request)
        let folder = request.lanesFilePath.parent
        let probe = RepositoryProbe(shell: dependencies.inspectionShell ?? dependencies.shell)
        let repository = await probe.state(ofFolder: folder)
        do {
            var journal: RunJournal
            var folders: RunFolders
            var previous: [JournalStep] = []
            var tree = WorkingTreeComparison.unknown
            if request.continuesEarlierRun {
                let (resumed, picked) = try resumedJournal(request, lane: lane, store: store, lanesFile: lanesFile)
                journal = resumed
                previous = resumed.steps
                announce(resumed, attempt: (resumed.attempts.map(\.number).max() ?? 0) + 1, request: request, picked: picked)
                if resumed.lanesFile.path != lanesFile.path {
                    notice(.note("run \(resumed.runID)'s lanes file was \(resumed.lanesFile.path), the same content as \(lanesFile.path)"))
                }
                let number = (journal.attempts.map(\.number).max() ?? 0) + 1
                tree = .compare(now: repository, left: resumed.left, attempt: number - 1)
                journal.attempts.append(
                    JournalAttempt(
                        number: number, started: dependencies.clock.now, resumed: true, from: request.from, repository: repository))
                journal.repository = repository
                journal.lanesFile = lanesFile
                journal.options = journalOptions
                journal.status = .running
                // The run id names a folder the store found and checked (`JournalStore.load`).
                let runFolder = laneFolder(of: lane).appending(journal.runID)
                folders = RunFolders(
                    runID: journal.runID, logs: runFolder.appending("attempt-\(number)"), output: runFolder.appending("output"))
            } else {
                folders = RunFolders(root: stateFolder, lane: folderName(of: lane), runID: runID)
                journal = RunJournal(
                    lane: folderName(of: lane), runID: runID, lanesFile: lanesFile, repository: repository,
                    attempts: [JournalAttempt(number: 1, started: dependencies.clock.now, resumed: false, repository: repository)])
                journal.options = journalOptions
            }
            let writable = !options.isDryRun && (try? DirectoryCreation.create(folders.logs.string)) != nil
            let lock = writable ? try? FileLock(path: store.lockPath(journal.runID)) : nil
            let key = JournalKey.workspace(stateDirectory: options.stateDirectory, create: writable)
            if let problem = key.problem {
                notice(.warning("the run journal's key cannot be kept: \(problem); this run cannot be resumed", at: nil))
            }
            // The masker as the lane starts, not the run's owner: a step's fingerprint must come out
            // the same in the attempt that resumes it, which has not learned this one's tokens.
            let fingerprinter = StepFingerprinter(file: file, masker: masker, repository: repository, key: key.key)
            // The attempt starts from the tree as it is now.
            journal.left = repository
            let recorder = RunJournalRecorder(
                journal: journal, path: writable ? store.journalPath(journal.runID) : nil, fingerprinter: fingerprinter, secrets: secrets,
                previous: previous, from: request.from, lock: lock, tree: tree, probeRepository: { await probe.state(ofFolder: folder) },
                isInterrupted: { [interruption] in interruption.signal != nil })
            await recorder.write()
            return JournalSession(folders: folders, recorder: recorder)
        } catch {
            throw preparationError(error, store: store)
        }
    }

    func journalStore(for lane: Lane) -> JournalStore {
        JournalStore(laneFolder: laneFolder(of: lane).string)
    }

    /// `<state>/runs/<lane>`, the lane masked as its folder is.
    func laneFolder(of lane: Lane) -> AbsolutePath {
        stateFolder.appending("runs").appending(folderName(of: lane))
    }

    /// The lanes file as the journal records it: path (masked) and SHA-256.
    func lanesFileRecord(_ request: JournalRequest) -> LanesFileRecord {
        LanesFileRecord(
            path: masker.mask(request.lanesFilePath.string),
            sha256: FileManager.default.contents(atPath: request.lanesFilePath.string).map { ContentDigest.sha256(bytes: $0) }
                ?? LanesFileRecord.unreadable)
    }

    func preparationError(_ problem: JournalProblem, store: JournalStore) -> RunPreparationError {
        // Masked as made: whoever catches a preparation error may print it anywhere.
        RunPreparationError([.error(masker.mask(problem.description), at: nil, notes: notes(for: problem, store: store))])
    }

    /// The journal to continue, and how it was picked when the command line named no run.
    private func resumedJournal(
        _ request: JournalRequest, lane: Lane, store: JournalStore, lanesFile: LanesFileRecord
    ) throws(JournalProblem) -> (RunJournal, picked: NewestRun?) {
        if let from = request.from {
            let names = FromStepCheck.stepNames(of: lane, in: file)
            guard names.contains(from) else { throw .noStep(step: from, lane: lane.name, names: names) }
        }
        let (runID, picked) = try locateRun(request, lane: lane, store: store, lanesFile: lanesFile)
        let journal = try store.load(runID, lane: lane.name)
        guard journal.lane == folderName(of: lane) else {
            throw .otherLane(runID: runID, recorded: journal.lane, now: lane.name)
        }
        guard journal.lanesFile.isSameFile(as: lanesFile) else {
            throw .otherLanesFile(runID: runID, recorded: journal.lanesFile.path, now: lanesFile.path)
        }
        if FileLock.isHeld(path: store.lockPath(runID)) {
            throw .stillRunning(runID: runID, pid: FileLock.holder(of: store.lockPath(runID)))
        }
        if let from = request.from {
            try FromStepCheck(journal: journal, masker: masker).check(from: from)
        }
        return (journal, picked)
    }

    /// The run `--resume` or `--from` continues, and how it was picked when none was named.
    func locateRun(
        _ request: JournalRequest, lane: Lane, store: JournalStore, lanesFile: LanesFileRecord
    ) throws(JournalProblem) -> (runID: String, picked: NewestRun?) {
        switch request.resume {
        case .run(let named):
            // Checked as `NIGHTSHIFT_RUN_ID` is: the id becomes a path.
            guard RunIdentifier.isFolderName(named) else { throw .notARunID(named) }
            return (named, nil)
        case .newest, nil:
            let anyStatus = request.resume == nil
            let newest = try store.newest(lane: lane.name, of: lanesFile, anyStatus: anyStatus)
            return (newest.runID, NewestRun(anyStatus: anyStatus, otherFiles: newest.otherFiles))
        }
    }

    /// How `--resume` without an id (or `--from` alone) chose its run.
    struct NewestRun {
        var anyStatus: Bool
        /// Newer runs of the lane that another lanes file made.
        var otherFiles: [String]
    }

    private func notes(for problem: JournalProblem, store: JournalStore) -> [String] {
        switch problem {
        case .noRun(_, _, let known, _) where !known.isEmpty: ["runs of this lane: \(known.joined(separator: ", "))"]
        case .noRun(let lane, nil, _, let otherFiles):
            (otherFiles.isEmpty ? [] : ["runs of other lanes files, ignored: \(otherFiles.joined(separator: ", "))"])
                + ["start one with: nightshift run \(lane)"]
        case .notARunID: store.runIDs().isEmpty ? [] : ["runs of this lane: \(store.runIDs().joined(separator: ", "))"]
        case .unreadable: ["nothing was run; start a new run without --resume"]
        case .noStep(let step, _, let names): Suggestion.note(for: step, among: names) + ["steps: \(names.joined(separator: ", "))"]
        default: []
        }
    }

    /// The first lines of a resumed run: which run, which attempt, and where it starts.
    private func announce(_ journal: RunJournal, attempt: Int, request: JournalRequest, picked: NewestRun?) {
        let verb = options.isDryRun ? "would resume" : "resuming"
        var line = "\(verb) run \(journal.runID) of lane '\(journal.lane)' (attempt \(attempt), last \(journal.status.rawValue))"
        if let from = request.from { line += ", from step '\(from)'" }
        if let picked {
            let file = request.lanesFilePath.lastComponent
            line += ": the newest \(picked.anyStatus ? "" : "failed or interrupted ")run of \(file)"
            let count = picked.otherFiles.count
            if count > 0 { line += " (\(count) newer run\(count == 1 ? "" : "s") of other lanes files passed over)" }
        }
        notice(line)
    }
}

extension JournalStatus {
    /// What the journal says of a lane that ended so.
    init(_ lane: LaneStatus) {
        switch lane {
        case .passed, .passedWithWarnings: self = .passed
        case .failed: self = .failed
        case .interrupted: self = .interrupted
        // A lane that never started keeps no journal.
        case .notRun: self = .failed
        }
    }
}
