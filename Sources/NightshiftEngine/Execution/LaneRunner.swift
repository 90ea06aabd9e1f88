import Foundation
public import NightshiftCore
import NightshiftSystem

/// Runs lanes: the steps in order with their options' semantics, cleanup, and results.
public struct LaneRunner: Sendable {
    public let file: LanesFile
    public let dependencies: Dependencies
    /// Step kind keyword → who performs it. `lane:` steps are the runner's own.
    public let performers: StepPerformers
    public let reporter: any RunReporter
    public let interruption: RunInterruption
    public let options: RunOptions
    /// The masker for this file and environment: declared secrets and secret-looking names.
    /// Built once: every lane, step context and report of the run shares it.
    public let masker: SecretMasker
    /// The lane's options as its journal keeps them (`run(_:repetition:options:given:)`).
    var journalOptions: [JournalOption]?

    /// `masker`: the one the caller already built for this file and environment (it masks the
    /// console too); nil builds it here.
    public init(
        file: LanesFile, dependencies: Dependencies, performers: StepPerformers,
        reporter: any RunReporter, interruption: RunInterruption, options: RunOptions, masker: SecretMasker? = nil
    ) {
        self.file = file
        self.dependencies = dependencies
        self.performers = performers
        self.reporter = reporter
        self.interruption = interruption
        self.options = options
        self.masker = masker ?? file.masker(in: dependencies.environment)
    }

    /// Runs one lane to its end. Throws only when it cannot start (exit 2): nothing ran then.
    /// `repetition` tells apart the runs of a lane named twice in one `nightshift run`, so the
    /// second never writes into the first's folder.
    public func run(_ laneName: String, repetition: Int = 1) async throws(RunPreparationError) -> LaneResult {
        let lane = try prepare(laneName)
        let runID = repetition > 1 ? "\(options.runID)-\(repetition)" : options.runID
        let journal = try await openJournal(for: lane, runID: runID)
        // A lane named like a secret's value must not spell it in every log path.
        let folders = journal?.folders ?? RunFolders(root: options.stateDirectory, lane: masker.mask(lane.name), runID: runID)
        let execution = LaneExecution(
            runner: self, folders: folders, logsWritable: !options.isDryRun && createFolders(folders), journal: journal?.recorder)
        let result = await execution.run(lane)
        await journal?.recorder.laneFinished(JournalStatus(result.status))
        return result
    }

    /// Creates the run's folders. When it cannot (a read-only `.nightshift`, or a file by that
    /// name), the run goes on without logs, but says so first, and names no log folder later.
    private func createFolders(_ folders: RunFolders) -> Bool {
        do {
            try DirectoryCreation.create(folders.output)
            return true
        } catch {
            reporter.notice(
                masker.mask(
                    "warning: cannot write logs under \(options.stateDirectory): \(error.reason); step output goes to the console only"))
            return false
        }
    }

    /// Checks that the lane exists and has all it needs, without running anything.
    @discardableResult
    public func prepare(_ laneName: String) throws(RunPreparationError) -> Lane {
        guard let lane = file.lane(named: laneName) else {
            let names = file.lanes.map(\.name)
            throw RunPreparationError([
                .error(
                    "no lane named '\(laneName)'", at: nil,
                    notes: Suggestion.note(for: laneName, among: names) + ["lanes: \(names.joined(separator: ", "))"])
            ])
        }
        try RunPreparation(file: file, environment: dependencies.environment, performers: performers).check(lane)
        return lane
    }
}
