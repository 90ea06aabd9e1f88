import NightshiftEngine
import NightshiftScheduling
import NightshiftSystem

/// `nightshift run LANE…`: runs the lanes in order; writes the reports asked for.
public struct RunLanes: LanesFileCommand {
    public var global: LanesFileOptions
    public var lanes: [String]
    public var dryRun: Bool
    public var keepGoing: Bool
    public var verbose: Bool
    public var junit: String?
    public var json: String?
    /// `--resume`: continue an earlier run of the one lane named: the run named after the lane
    /// (`run LANE --resume RUN-ID`), else its newest failed or interrupted one.
    public var resume: Bool
    /// `--from STEP`: continue an earlier run of the one lane named, from that step.
    public var from: String?

    public init(
        global: LanesFileOptions, lanes: [String], dryRun: Bool = false, keepGoing: Bool = false, verbose: Bool = false,
        junit: String? = nil, json: String? = nil, resume: Bool = false, from: String? = nil
    ) {
        self.resume = resume
        self.from = from
        self.global = global
        self.lanes = lanes
        self.dryRun = dryRun
        self.keepGoing = keepGoing
        self.verbose = verbose
        self.junit = junit
        self.json = json
    }

    /// 0, 1 (a step failed, a report or log not written), 2 (nothing ran), or 128 + the signal.
    public func work(in context: CommandContext) async throws -> Int32 {
        let (lanes, target) = try resumeTarget()
        let laneLock = try context.holdLaneLock(for: lanes)
        defer { withExtendedLifetime(laneLock) {} }
        let file = try context.loadLanesFile()
        let journal = JournalRequest(
            lanesFilePath: AbsolutePath.resolve(global.file, in: context.currentDirectory), resume: target, from: from)
        let run = try context.prepareRun(of: file, dryRun: dryRun, verbose: verbose, journal: journal)
        defer { run.signals?.cancel() }
        let results = try await run.session.run(lanes, keepGoing: keepGoing)
        let reportsWritten = context.writeReports(results, junit: junit, json: json)
        return ExitStatus.of(results, reportsWritten: reportsWritten)
    }
}

extension RunLanes {
    /// With `--resume` or `--from`, one lane (and with `--resume`, maybe a run id after it).
    func resumeTarget() throws(CommandFailure) -> (lanes: [String], target: ResumeTarget?) {
        guard resume || from != nil else { return (lanes, nil) }
        let most = resume ? 2 : 1
        guard (1...most).contains(lanes.count) else {
            throw .usage(
                resume ? "--resume takes one lane and, optionally, the id of its run to resume" : "--from takes one lane")
        }
        guard resume else { return (lanes, nil) }
        return ([lanes[0]], lanes.count == 2 ? .run(lanes[1]) : .newest)
    }
}
