import NightshiftCore
import NightshiftEngine
import NightshiftScheduling
import NightshiftSystem

/// `nightshift run LANE…`: runs the lanes in order; writes the reports asked for.
public struct RunLanes: LanesFileCommand {
    public var global: LanesFileOptions
    /// Lane names, each followed by its options (`version=1.4.0`, or fastlane's `version:1.4.0`).
    public var lanes: [String]
    public var dryRun: Bool
    public var keepGoing: Bool
    public var verbose: Bool
    public var junit: String?
    public var json: String?
    /// `--html DIR`: the HTML report's folder (the report is also written into each run folder).
    public var html: String?
    /// `--resume`: continue an earlier run of the one lane named: the run named after the lane
    /// (`run LANE --resume RUN-ID`), else its newest failed or interrupted one.
    public var resume: Bool
    /// `--from STEP`: continue an earlier run of the one lane named, from that step.
    public var from: String?
    /// `--parallel`: run the lanes at once; a number among the words after it that names no lane
    /// (`--parallel 2`) is how many at most.
    public var parallel: Bool

    public init(
        global: LanesFileOptions, lanes: [String], dryRun: Bool = false, keepGoing: Bool = false, verbose: Bool = false,
        junit: String? = nil, json: String? = nil, html: String? = nil, resume: Bool = false, from: String? = nil,
        parallel: Bool = false
    ) {
        self.html = html
        self.resume = resume
        self.from = from
        self.parallel = parallel
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
        let (laneWords, target) = try resumeTarget()
        let laneLock = try context.holdLaneLock(for: laneWords)
        defer { withExtendedLifetime(laneLock) {} }
        let file = try context.loadLanesFile()
        let names = Set(file.lanes.map(\.name))
        let (words, limit) = parallel ? try ParallelLimit.split(laneWords, laneNames: names) : (laneWords, nil)
        let invocations = try LaneInvocation.parse(words, lanes: names).get()
        // `run 2 --parallel`: the number was taken as N, and no lane is left.
        if invocations.isEmpty { throw CommandFailure.usage("name at least one lane to run") }
        // Once for the whole run: its options, its preparation and its consoles read this one.
        let environment = try context.loadEnvironment()
        context.maskSecretOptions(of: invocations, in: file, environment: environment)
        // Standardised, so `./lanes.yml` and `lanes.yml` name one file (issue #27).
        let journal = JournalRequest(lanesFilePath: try context.absoluteLanesFile, resume: target, from: from)
        let run = try context.prepareRun(
            of: file, in: environment, dryRun: dryRun, verbose: verbose, journal: journal, junit: junit)
        defer { run.signals?.cancel() }
        let results =
            parallel
            ? try await context.runInParallel(
                invocations, limit: limit ?? invocations.count, keepGoing: keepGoing, on: run.session, in: environment,
                dryRun: dryRun)
            : try await run.session.run(invocations, keepGoing: keepGoing)
        let configurations = file.lanes.reduce(into: [String: String]()) { $0[$1.name] = $1.configuration }
        let reportsWritten = await context.writeRunReports(
            results, junit: junit, json: json, html: html, configurations: configurations, interruption: run.interruption)
        await context.recordTests(of: results, dryRun: dryRun)
        await context.recordManualRuns(of: results, dryRun: dryRun)
        await run.interruption.runUntilInterrupted { [dryRun] in
            await context.notify(results, of: file, in: environment, dryRun: dryRun)
        }
        let status = ExitStatus.of(results, reportsWritten: reportsWritten)
        // A signal while the notifications went out (the lanes had ended) still ends the process
        // as signalled: Jenkins' Abort reads 143, not the lanes' 0 or 1.
        if status < 128, let signal = run.interruption.signal { return 128 + signal }
        return status
    }
}

extension RunLanes {
    /// With `--resume` or `--from`, one lane with its options (and with `--resume`, maybe the id
    /// of a run after it): the words to run, without the run id.
    func resumeTarget() throws(CommandFailure) -> (lanes: [String], target: ResumeTarget?) {
        guard resume || from != nil else { return (lanes, nil) }
        let positional = lanes.filter { LaneOptionWord.split($0) == nil }
        let most = resume ? 2 : 1
        guard (1...most).contains(positional.count), !parallel else {
            throw .usage(
                resume ? "--resume takes one lane and, optionally, the id of its run to resume" : "--from takes one lane")
        }
        guard resume, positional.count == 2 else { return (lanes, resume ? .newest : nil) }
        let runID = positional[1]
        return (lanes.filter { $0 != runID }, .run(runID))
    }
}
