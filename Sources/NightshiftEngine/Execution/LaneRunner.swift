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
    /// The command's one owner of secrets (declared, secret-looking names, and what the run
    /// learns): every lane, step context, log, journal and report of the run masks through it.
    public let secrets: RunSecrets
    /// The lane's options as its journal keeps them (`run(_:repetition:options:given:)`).
    var journalOptions: [JournalOption]?

    /// `secrets`: the command's, which the console masks with too (no default: a runner built
    /// without them would mask nothing).
    public init(
        file: LanesFile, dependencies: Dependencies, performers: StepPerformers,
        reporter: any RunReporter, interruption: RunInterruption, options: RunOptions, secrets: RunSecrets
    ) {
        self.file = file
        self.dependencies = dependencies
        self.performers = performers
        self.reporter = reporter
        self.interruption = interruption
        self.options = options
        self.secrets = secrets
    }

    /// The masker as the run's secrets stand now.
    public var masker: SecretMasker { secrets.masker }

    /// Tells the reporter `text`, masked with the run's secrets: every notice the engine gives
    /// goes through here, whatever reporter the runner was given.
    func notice(_ text: String) {
        reporter.notice(secrets.mask(text))
    }

    /// A warning or a note about the run (not a step's): rendered by `Diagnostic`, masked.
    func notice(_ diagnostic: Diagnostic) {
        notice(diagnostic.description)
    }

    /// The lane's name as its run folders and its journal spell it: a lane named like a secret's
    /// value must not spell it in every log path.
    func folderName(of lane: Lane) -> String {
        secrets.mask(lane.name)
    }

    /// Runs one lane to its end. Throws only when it cannot start (exit 2): nothing ran then.
    /// `repetition` tells apart the runs of a lane named twice in one `nightshift run`, so the
    /// second never writes into the first's folder.
    public func run(_ laneName: String, repetition: Int = 1) async throws(RunPreparationError) -> LaneResult {
        let (lane, xcodes) = try prepareWithXcodes(laneName)
        let runID = repetition > 1 ? "\(options.runID)-\(repetition)" : options.runID
        let journal = try await openJournal(for: lane, runID: runID)
        let folders = journal?.folders ?? RunFolders(root: stateFolder, lane: folderName(of: lane), runID: runID)
        let execution = LaneExecution(
            runner: self, folders: folders, logsWritable: !options.isDryRun && createFolders(folders), journal: journal?.recorder,
            xcodes: xcodes)
        let result = await execution.run(lane)
        await journal?.recorder.laneFinished(JournalStatus(result.status))
        return result
    }

    /// Creates the run's folders. When it cannot (a read-only `.nightshift`, or a file by that
    /// name), the run goes on without logs, but says so first, and names no log folder later.
    private func createFolders(_ folders: RunFolders) -> Bool {
        do {
            try DirectoryCreation.create(folders.output.string)
            return true
        } catch {
            notice(
                .warning(
                    "cannot write logs under \(options.stateDirectory): \(error.reason); step output goes to the console only", at: nil))
            return false
        }
    }

    /// The folder the run works in, absolute: `workingDirectory` (read against this process's
    /// folder), else this process's (tests; the executable always passes one).
    var runDirectory: AbsolutePath {
        let current = (try? AbsolutePath(validating: FileManager.default.currentDirectoryPath)) ?? .root
        guard let directory = options.workingDirectory else { return current }
        return (try? AbsolutePath(validating: directory, relativeTo: current)) ?? current
    }

    /// `options.stateDirectory`, absolute: the executable gives an absolute one (`.nightshift` in
    /// the workspace or the working directory); a relative one (tests) is read against the run's
    /// folder. Every run folder and journal path is made from it, once.
    var stateFolder: AbsolutePath {
        (try? AbsolutePath(validating: options.stateDirectory, relativeTo: runDirectory)) ?? runDirectory.appending(".nightshift")
    }

    /// The lanes file's folder, absolute: relative `xcode:` paths are read against it.
    var lanesFolder: String {
        let folder = file.path.contains("/") ? String(file.path[..<file.path.lastIndex(of: "/")!]) : "."
        let directory = runDirectory.string
        if folder.hasPrefix("/") { return folder }
        return folder == "." ? directory : directory + "/" + folder
    }

    /// Checks that the lane exists and has all it needs, without running anything.
    @discardableResult
    public func prepare(_ laneName: String) throws(RunPreparationError) -> Lane {
        try prepareWithXcodes(laneName).lane
    }

    /// `prepare`, with the Xcodes the lane's `xcode:` pins stand for.
    func prepareWithXcodes(_ laneName: String) throws(RunPreparationError) -> (lane: Lane, xcodes: XcodeSelections) {
        let lane = try LanePreflight.lane(named: laneName, in: file)
        let xcodes = try RunPreparation(
            file: file, environment: dependencies.environment, ci: options.ci, performers: performers,
            xcodeInstalls: dependencies.xcodeInstalls,
            lanesFolder: lanesFolder
        ).check(lane)
        return (lane, xcodes)
    }
}
