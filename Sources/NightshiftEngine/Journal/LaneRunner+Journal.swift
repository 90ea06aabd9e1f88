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
        let store = JournalStore(laneFolder: "\(options.stateDirectory)/runs/\(masker.mask(lane.name))")
        let lanesFile = LanesFileRecord(
            path: masker.mask(request.lanesFilePath),
            sha256: FileManager.default.contents(atPath: request.lanesFilePath).map { ContentDigest.sha256(bytes: $0) } ?? "unreadable")
        let folder = (request.lanesFilePath as NSString).deletingLastPathComponent
        let repository = await RepositoryProbe(shell: dependencies.inspectionShell ?? dependencies.shell).state(ofFolder: folder)
        let fingerprinter = StepFingerprinter(file: file, masker: masker, repository: repository)
        do {
            var journal: RunJournal
            var folders: RunFolders
            var previous: [JournalStep] = []
            if request.continuesEarlierRun {
                let resumed = try resumedJournal(request, lane: lane, store: store, lanesFile: lanesFile)
                journal = resumed
                previous = resumed.steps
                announce(resumed, attempt: (resumed.attempts.map(\.number).max() ?? 0) + 1, request: request)
                let number = (journal.attempts.map(\.number).max() ?? 0) + 1
                journal.attempts.append(
                    JournalAttempt(
                        number: number, started: dependencies.clock.now, resumed: true, from: request.from, repository: repository))
                journal.repository = repository
                journal.lanesFile = lanesFile
                journal.status = .running
                let runFolder = store.runFolder(journal.runID)
                folders = RunFolders(runID: journal.runID, logs: "\(runFolder)/attempt-\(number)", output: "\(runFolder)/output")
            } else {
                folders = RunFolders(root: options.stateDirectory, lane: masker.mask(lane.name), runID: runID)
                journal = RunJournal(
                    lane: masker.mask(lane.name), runID: runID, lanesFile: lanesFile, repository: repository,
                    attempts: [JournalAttempt(number: 1, started: dependencies.clock.now, resumed: false, repository: repository)])
            }
            let writable = !options.isDryRun && (try? DirectoryCreation.create(folders.logs)) != nil
            let lock = writable ? try? FileLock(path: store.lockPath(journal.runID)) : nil
            let recorder = RunJournalRecorder(
                journal: journal, path: writable ? store.journalPath(journal.runID) : nil, fingerprinter: fingerprinter, masker: masker,
                previous: previous, from: request.from, lock: lock, isInterrupted: { [interruption] in interruption.signal != nil })
            recorder.write()
            return JournalSession(folders: folders, recorder: recorder)
        } catch {
            throw RunPreparationError([.error(masker.mask(error.description), at: nil, notes: notes(for: error))])
        }
    }

    private func resumedJournal(
        _ request: JournalRequest, lane: Lane, store: JournalStore, lanesFile: LanesFileRecord
    ) throws(JournalProblem) -> RunJournal {
        if let from = request.from {
            let names = FromStepCheck.stepNames(of: lane, in: file)
            guard names.contains(from) else { throw .noStep(step: from, lane: lane.name, names: names) }
        }
        let runID: String
        switch request.resume {
        case .run(let named): runID = named
        case .newest, nil: runID = try store.newest(lane: lane.name, anyStatus: request.resume == nil)
        }
        let journal = try store.load(runID, lane: lane.name)
        guard journal.lane == masker.mask(lane.name) else {
            throw .otherLane(runID: runID, recorded: journal.lane, now: lane.name)
        }
        guard journal.lanesFile.path == lanesFile.path else {
            throw .otherLanesFile(runID: runID, recorded: journal.lanesFile.path, now: lanesFile.path)
        }
        if FileLock.isHeld(path: store.lockPath(runID)) {
            throw .stillRunning(runID: runID, pid: FileLock.holder(of: store.lockPath(runID)))
        }
        if let from = request.from {
            try FromStepCheck(journal: journal, masker: masker).check(from: from)
        }
        return journal
    }

    private func notes(for problem: JournalProblem) -> [String] {
        switch problem {
        case .noRun(_, _, let known) where !known.isEmpty: ["runs of this lane: \(known.joined(separator: ", "))"]
        case .noRun(let lane, nil, _): ["start one with: nightshift run \(lane)"]
        case .unreadable: ["nothing was run; start a new run without --resume"]
        case .noStep(let step, _, let names): Suggestion.note(for: step, among: names) + ["steps: \(names.joined(separator: ", "))"]
        default: []
        }
    }

    /// The first lines of a resumed run: which run, which attempt, and where it starts.
    private func announce(_ journal: RunJournal, attempt: Int, request: JournalRequest) {
        let verb = options.isDryRun ? "would resume" : "resuming"
        var line = "\(verb) run \(journal.runID) of lane '\(journal.lane)' (attempt \(attempt), last \(journal.status.rawValue))"
        if let from = request.from { line += ", from step '\(from)'" }
        reporter.notice(masker.mask(line))
    }
}
