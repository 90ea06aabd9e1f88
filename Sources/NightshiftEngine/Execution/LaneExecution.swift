import Foundation
import NightshiftCore
import NightshiftLanes
import NightshiftSystem

/// One lane's run: walks the steps (and called lanes' steps) in order, applying `if`, `always`,
/// `continue_on_error` and `retry`, then runs the registered cleanup. An actor, because deadlines
/// and watchdogs run parts of the walk in child tasks: the results and counters it keeps are then
/// touched from more than one task, one after another, and the compiler checks that it stays so.
actor LaneExecution {
    let runner: LaneRunner
    let folders: RunFolders
    let cleanup = CleanupStack()
    let exports = RunExports()
    /// The file's lanes by name, built once for the preflight's walk and the run's.
    let graph: LaneCallGraph
    private(set) var results: [StepResult] = []
    private var failed = false
    private var stepNumber = 0
    private var deadlines: [RunDeadline] = []
    /// The run lane's `cleanup_timeout:`: bounds each cleanup action, and `always` steps once
    /// the lane has timed out or was interrupted.
    private(set) var cleanupBound = CleanupActionRun.defaultBound
    /// How many `continue_on_error` lane calls enclose the step being run.
    private var excusedFailureScopes = 0
    private var calls: [CallScope] = []

    /// Whether the run folder could be created: without it, steps log to the console only and
    /// no report names a log folder that does not exist.
    let logsWritable: Bool
    /// Records each step for `--resume`, and decides what a resumed run reuses; nil keeps none.
    let journal: RunJournalRecorder?
    /// A dry run's: where the steps' shell shows their commands. Nil for a real run.
    let transcript: DryRunTranscript?
    /// The Xcodes the lane's `xcode:` pins stand for, chosen before it started.
    let xcodes: XcodeSelections

    init(
        runner: LaneRunner, folders: RunFolders, logsWritable: Bool, journal: RunJournalRecorder? = nil, xcodes: XcodeSelections = .none
    ) {
        self.runner = runner
        self.xcodes = xcodes
        self.folders = folders
        self.logsWritable = logsWritable
        self.journal = journal
        self.graph = LaneCallGraph(file: runner.file)
        let (output, secrets) = (runner.dependencies.output, runner.secrets)
        // Straight to the output the runner was handed, which need not be the masking console.
        transcript =
            runner.options.isDryRun
            ? DryRunTranscript(lanesFolder: runner.lanesFolder, fallback: { output.out(secrets.mask($0) + "\n") }) : nil
    }

    /// The masker as the run's secrets stand now: a secret learned by an earlier step is masked
    /// in what later steps report.
    nonisolated var masker: SecretMasker { runner.masker }

    nonisolated var clock: any WallClock { runner.dependencies.clock }
    nonisolated var interrupted: Bool { runner.interruption.signal != nil }

    func run(_ lane: Lane) async -> LaneResult {
        let start = clock.now
        cleanupBound = lane.cleanupTimeout ?? CleanupActionRun.defaultBound
        runner.reporter.laneStarted(lane, runID: folders.runID)
        if let xcode = xcodes.laneXcode { runner.notice("\(xcode.displayName): DEVELOPER_DIR=\(xcode.developerDirectory)") }
        if await preflight(lane) {
            await withDeadline(lane.timeout, owner: "lane '\(lane.name)'") {
                await runSteps(of: lane)
            }
        }
        await runCleanup(lane: lane)
        var result = LaneResult(
            lane: lane.name, status: status, steps: results, start: start,
            duration: .seconds(clock.now.timeIntervalSince(start)), runID: folders.runID,
            logFolder: logsWritable ? folders.logs.string : "",
            signal: runner.interruption.signal)
        result.attempt = journal?.attempt ?? 1
        result.xcode = xcodes.laneXcode
        runner.reporter.laneFinished(result)
        return result
    }

    private var status: LaneStatus {
        if interrupted { return .interrupted }
        if failed { return .failed }
        return results.contains { $0.status == .failedIgnored } ? .passedWithWarnings : .passed
    }

    /// Walks every call the lane makes, as the walk of the lane graph orders them.
    private func runSteps(of lane: Lane) async {
        var walk = LaneWalk(graph, from: lane, revisits: .always)
        while let event = walk.next() {
            switch event {
            case .entered(let frame): enterCall(frame)
            case .left(let frame): leaveCall(frame)
            case .step(let walked):
                guard await shouldRun(walked) else {
                    walk.skipCall()
                    continue
                }
                // The walk enters the called lane next.
                guard walked.callee == nil else { continue }
                let step = walked.step
                let result = await StepExecution(
                    execution: self, lane: walked.lane, step: step, configuration: walked.configuration, depth: walked.frame.depth,
                    environment: await environment(for: walked), xcode: xcodes.xcode(for: walked.frame),
                    cache: walked.frame.cache, number: nextStepNumber(), deadline: step.options.always ? alwaysDeadline : deadline
                ).run()
                record(result)
            }
        }
    }

    /// A called lane runs inline, bounded by the call's `timeout:` and its own. With
    /// `continue_on_error` the callee still stops at its first failure, but the caller goes on.
    private func enterCall(_ frame: LaneFrame) {
        guard let call = frame.call else { return }
        let limits = [(call.options.timeout, "'\(call.displayName)'"), (frame.lane.timeout, "lane '\(frame.lane.name)'")]
        var pushed = 0
        for case (let limit?, let owner) in limits {
            deadlines.append(RunDeadline(limit: limit, startingAt: clock.now, owner: owner))
            pushed += 1
        }
        if call.options.continueOnError { excusedFailureScopes += 1 }
        calls.append(CallScope(deadlines: pushed, failedBefore: failed, excusesFailure: call.options.continueOnError))
    }

    private func leaveCall(_ frame: LaneFrame) {
        guard frame.call != nil, let scope = calls.popLast() else { return }
        deadlines.removeLast(scope.deadlines)
        if scope.excusesFailure {
            excusedFailureScopes -= 1
            failed = scope.failedBefore
        }
    }

    /// The nearest time limit of the lane and the calls being run.
    private var deadline: RunDeadline? { deadlines.min { $0.at < $1.at } }

    /// An `always` step cleans up: it runs after a timeout or an interrupt, but then within the
    /// cleanup bound (or what is left of the lane's time, if that is longer). Before either, it
    /// is an ordinary step under the lane's time limit, never under less than the cleanup bound.
    private var alwaysDeadline: RunDeadline? {
        let bound = RunDeadline(
            limit: cleanupBound, startingAt: clock.now, owner: "the cleanup",
            setting: "cleanup_timeout")
        guard let deadline else { return interrupted ? bound : nil }
        return deadline.at > bound.at ? deadline : bound
    }

    private func withDeadline(_ limit: Duration?, owner: String, _ body: () async -> Void) async {
        guard let limit else { return await body() }
        deadlines.append(RunDeadline(limit: limit, startingAt: clock.now, owner: owner))
        await body()
        deadlines.removeLast()
    }

    /// Applies `always`, the deadline and `if:`; records why a step does not run.
    private func shouldRun(_ walked: WalkedStep) async -> Bool {
        let (step, lane, depth) = (walked.step, walked.lane, walked.frame.depth)
        // Masked as `StepExecution.identity` is: the name is in the step's result.
        let identity = StepIdentity(lane: lane.name, name: masker.mask(step.displayName), kind: .step(step.kind.keyword), depth: depth)
        if (failed || interrupted) && !step.options.always {
            record(
                StepResult(
                    lane: lane.name, name: identity.name, kind: identity.kind, status: .notRun, start: clock.now,
                    message: interrupted ? "the run was interrupted" : "an earlier step failed"))
            return false
        }
        if !step.options.always, let deadline, deadline.hasPassed(at: clock.now) {
            record(
                StepResult(
                    lane: lane.name, name: identity.name, kind: identity.kind, status: .timedOut, start: clock.now,
                    message: "'\(identity.name)' did not start: \(deadline.reason)", reason: .laneTimeout))
            return false
        }
        if let condition = step.options.condition {
            let environment = await environment(for: walked)
            if !condition.evaluate({ $0.expand(in: environment) }) {
                let result = StepResult(
                    lane: lane.name, name: identity.name, kind: identity.kind, status: .skipped,
                    // A result's message reaches the journal and reports as it is made.
                    start: clock.now, message: masker.mask("condition '\(condition)' is false"))
                // Only the "skipped" line: a step that never starts gets no start line.
                record(result)
                return false
            }
        }
        return true
    }

    func record(_ result: StepResult) {
        var result = result
        if excusedFailureScopes > 0, result.status == .failed || result.status == .timedOut {
            // Inside a `continue_on_error` call: the called lane stops, its caller goes on.
            result.status = .failedIgnored
            failed = true
        }
        results.append(result)
        if result.status.isFailure { failed = true }
        if result.status != .notRun { runner.reporter.stepFinished(result) }
    }

    private func nextStepNumber() -> Int {
        stepNumber += 1
        return stepNumber
    }

    /// Process and dotenv variables, then the configuration's, the lanes' `env:`, the step's
    /// `env:`, and what earlier steps exported.
    func environment(for walked: WalkedStep) async -> EnvironmentVariables {
        let (step, configuration, laneEnvironment) = (walked.step, walked.configuration, walked.frame.environment)
        var environment = runner.dependencies.environment
        if let configuration {
            environment = environment.merging(configuration.environmentVariables { $0.expand(in: runner.dependencies.environment) })
        }
        environment = environment.merging([
            NightshiftVariable.runID.name: folders.runID, NightshiftVariable.outputDirectory.name: folders.output.string,
            NightshiftVariable.logDirectory.name: folders.logs.string,
        ])
        let base = environment
        environment = environment.merging(laneEnvironment.mapValues { $0.expand(in: base) })
        let withLane = environment
        environment = environment.merging(step.options.environment.mapValues { $0.expand(in: withLane) })
        environment = environment.merging(await exports.all)
        // Last, so that every tool the step runs, a script's included, uses the lane's Xcode.
        guard let xcode = xcodes.xcode(for: walked.frame) else { return environment }
        return environment.merging([XcodeShell.variable: xcode.developerDirectory])
    }

    /// Each performer checks the steps of its kinds before anything runs (an expired profile
    /// fails here, before any keychain or xcodebuild command), once per configuration those
    /// steps run with: a called lane signs with its own configuration, or its caller's.
    /// Returns whether the lane may go on.
    private func preflight(_ lane: Lane) async -> Bool {
        // Steps under another Xcode are checked with it (a runtime is per Xcode).
        struct Group: Hashable { var keyword: StepKeyword; var configuration: String?; var xcode: String? }
        var stepsByGroup: [Group: [WalkedStep]] = [:]
        graph.visitSteps(reachableFrom: lane, revisits: .oncePerConfiguration) { walked in
            let group = Group(
                keyword: walked.step.kind.keyword, configuration: walked.configurationName, xcode: xcodes.xcode(for: walked.frame)?.app)
            stepsByGroup[group, default: []].append(walked)
        }
        let ordered = stepsByGroup.keys.sorted {
            ($0.keyword, $0.configuration ?? "", $0.xcode ?? "") < ($1.keyword, $1.configuration ?? "", $1.xcode ?? "")
        }
        for group in ordered {
            guard let performer = runner.performers[group.keyword], let steps = stepsByGroup[group], let first = steps.first else {
                continue
            }
            // Named after the configuration when it is not the lane's own.
            let suffix = group.configuration.map { $0 == lane.configuration ? "" : " (\($0))" } ?? ""
            let identity = StepIdentity(lane: lane.name, name: "preflight \(group.keyword)\(suffix)", kind: .preflight, depth: 0)
            let recorder = StepOutputRecorder(
                secrets: runner.secrets, logPath: nil, logFiles: runner.dependencies.logFiles, reporter: runner.reporter, step: identity,
                clock: clock,
                condenser: runner.dependencies.outputCondenser?())
            let context = makeContext(
                lane: lane, step: first.step, configuration: first.configuration, environment: await environment(for: first),
                xcode: xcodes.xcode(for: first.frame), recorder: recorder)
            do {
                try await performer.preflight(steps.map(\.step), in: context)
                _ = await recorder.finish()
            } catch {
                let tail = await recorder.finish().tail
                runner.reporter.stepStarted(identity)
                record(
                    StepResult(
                        lane: lane.name, name: identity.name, kind: .preflight, status: .failed, start: clock.now,
                        // A performer's error may quote a setting; the result keeps it as made.
                        attempts: 1, message: masker.mask("\(error)"), reason: (error as? StepFailure)?.reason ?? .stepFailed,
                        outputTail: tail))
                return false
            }
        }
        return true
    }

    /// The context a performer sees: this run's folders, shell, clock, masker and shared state,
    /// with the step's output going to `recorder`.
    nonisolated func makeContext(
        lane: Lane, step: Step, configuration: Configuration?, environment: EnvironmentVariables, xcode: InstalledXcode?,
        recorder: StepOutputRecorder
    ) -> StepContext {
        let shell = transcript.map { TranscribingShell(base: runner.dependencies.shell, transcript: $0) } ?? runner.dependencies.shell
        var context = StepContext(
            lanesFile: runner.file, lane: lane, step: step, configuration: configuration, environment: environment,
            folders: folders,
            shell: XcodeShell.wrapping(shell, for: xcode),
            clock: clock, secrets: runner.secrets, cleanup: cleanup,
            exports: exports, directory: runner.options.workingDirectory,
            isDryRun: runner.options.isDryRun, isVerbose: runner.options.isVerbose,
            emit: { channel, bytes in await recorder.receive(channel, bytes) },
            progress: { text in await recorder.progress(text) })
        if let inspectionShell = runner.dependencies.inspectionShell {
            context.inspectionShell = XcodeShell.wrapping(inspectionShell, for: xcode)
        }
        context.xcode = xcode
        context.cacheRoot = BuildCacheRoot.locate(in: runner.dependencies.environment)
        context.testReportsFolder = runner.options.testReportsFolder
        context.ci = runner.options.ci
        if runner.options.condensesToolOutput {
            context.emitCondensed = { channel, bytes in await recorder.receive(channel, bytes, condensed: true) }
        }
        return context
    }
}

/// What entering a called lane changed, undone when the call returns.
private struct CallScope {
    var deadlines: Int
    var failedBefore: Bool
    var excusesFailure: Bool
}
