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
    let masker: SecretMasker
    private(set) var results: [StepResult] = []
    private var failed = false
    private var stepNumber = 0
    private var deadlines: [RunDeadline] = []
    /// The run lane's `cleanup_timeout:`: bounds each cleanup action, and `always` steps once
    /// the lane has timed out or was interrupted.
    private(set) var cleanupBound = CleanupActionRun.defaultBound
    /// How many `continue_on_error` lane calls enclose the step being run.
    private var excusedFailureScopes = 0

    /// Whether the run folder could be created: without it, steps log to the console only and
    /// no report names a log folder that does not exist.
    let logsWritable: Bool
    /// Records each step for `--resume`, and decides what a resumed run reuses; nil keeps none.
    let journal: RunJournalRecorder?

    init(runner: LaneRunner, folders: RunFolders, logsWritable: Bool, journal: RunJournalRecorder? = nil) {
        self.runner = runner
        self.folders = folders
        self.logsWritable = logsWritable
        self.journal = journal
        self.masker = runner.masker
    }

    nonisolated var clock: any WallClock { runner.dependencies.clock }
    nonisolated var interrupted: Bool { runner.interruption.signal != nil }

    func run(_ lane: Lane) async -> LaneResult {
        let start = clock.now
        cleanupBound = lane.cleanupTimeout ?? CleanupActionRun.defaultBound
        runner.reporter.laneStarted(lane, runID: folders.runID)
        let configuration = lane.configuration.flatMap(runner.file.configuration(named:))
        if await preflight(lane, configuration: configuration) {
            await withDeadline(lane.timeout, owner: "lane '\(lane.name)'") {
                await runSteps(of: lane, configuration: configuration, inherited: [:], depth: 0)
            }
        }
        await runCleanup(lane: lane)
        var result = LaneResult(
            lane: lane.name, status: status, steps: results, start: start,
            duration: .seconds(clock.now.timeIntervalSince(start)), runID: folders.runID, logFolder: logsWritable ? folders.logs : "",
            signal: runner.interruption.signal)
        result.attempt = journal?.attempt ?? 1
        runner.reporter.laneFinished(result)
        return result
    }

    private var status: LaneStatus {
        if interrupted { return .interrupted }
        if failed { return .failed }
        return results.contains { $0.status == .failedIgnored } ? .passedWithWarnings : .passed
    }

    /// `callOptions` are those of the `lane:` step that called this lane: its `always` holds for
    /// every called step, and its `env:` wins over the called lane's own.
    private func runSteps(
        of lane: Lane, configuration: Configuration?, inherited: [String: Template], depth: Int, callOptions: StepOptions = StepOptions()
    ) async {
        let laneEnvironment = inherited.merging(lane.environment) { _, new in new }.merging(callOptions.environment) { _, new in new }
        for var step in lane.steps {
            step.options.always = step.options.always || callOptions.always
            guard await shouldRun(step, lane: lane, configuration: configuration, environment: laneEnvironment, depth: depth) else {
                continue
            }
            if case .lane(let name) = step.kind, let callee = runner.file.lane(named: name) {
                await call(callee, from: step, configuration: configuration, environment: laneEnvironment, depth: depth)
                continue
            }
            let result = await StepExecution(
                execution: self, lane: lane, step: step, configuration: configuration, depth: depth,
                environment: await environment(for: step, configuration: configuration, laneEnvironment: laneEnvironment),
                number: nextStepNumber(), deadline: step.options.always ? alwaysDeadline : deadline
            ).run()
            record(result)
        }
    }

    /// Runs a called lane's steps inline, with its configuration if it names one. The call's
    /// `timeout:` and the callee's own bound them together; with `continue_on_error` the callee
    /// still stops at its first failure, but the caller goes on.
    private func call(_ callee: Lane, from step: Step, configuration: Configuration?, environment: [String: Template], depth: Int) async {
        let calleeConfiguration = callee.configuration.flatMap(runner.file.configuration(named:)) ?? configuration
        let failedBefore = failed
        if step.options.continueOnError { excusedFailureScopes += 1 }
        await withDeadline(step.options.timeout, owner: "'\(step.displayName)'") {
            await withDeadline(callee.timeout, owner: "lane '\(callee.name)'") {
                await runSteps(
                    of: callee, configuration: calleeConfiguration, inherited: environment, depth: depth + 1,
                    callOptions: step.options)
            }
        }
        if step.options.continueOnError {
            excusedFailureScopes -= 1
            failed = failedBefore
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
    private func shouldRun(
        _ step: Step, lane: Lane, configuration: Configuration?, environment laneEnvironment: [String: Template], depth: Int
    ) async -> Bool {
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
            let environment = await environment(for: step, configuration: configuration, laneEnvironment: laneEnvironment)
            if !condition.evaluate({ $0.expand(in: environment) }) {
                let result = StepResult(
                    lane: lane.name, name: identity.name, kind: identity.kind, status: .skipped,
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
    func environment(for step: Step, configuration: Configuration?, laneEnvironment: [String: Template]) async -> EnvironmentVariables {
        var environment = runner.dependencies.environment
        if let configuration {
            environment = environment.merging(configuration.environmentVariables { $0.expand(in: runner.dependencies.environment) })
        }
        environment = environment.merging([
            NightshiftVariable.runID.name: folders.runID, NightshiftVariable.outputDirectory.name: folders.output,
            NightshiftVariable.logDirectory.name: folders.logs,
        ])
        let base = environment
        environment = environment.merging(laneEnvironment.mapValues { $0.expand(in: base) })
        let withLane = environment
        environment = environment.merging(step.options.environment.mapValues { $0.expand(in: withLane) })
        return environment.merging(await exports.all)
    }

    /// Each performer checks the steps of its kinds before anything runs (an expired profile
    /// fails here, before any keychain or xcodebuild command), once per configuration those
    /// steps run with: a called lane signs with its own configuration, or its caller's.
    /// Returns whether the lane may go on.
    private func preflight(_ lane: Lane, configuration: Configuration?) async -> Bool {
        struct Group: Hashable { var keyword: StepKeyword; var configuration: String? }
        var stepsByGroup: [Group: [Step]] = [:]
        LaneCallGraph(file: runner.file).visitSteps(reachableFrom: lane) { step, configurationName in
            stepsByGroup[Group(keyword: step.kind.keyword, configuration: configurationName), default: []].append(step)
        }
        let ordered = stepsByGroup.keys.sorted { ($0.keyword, $0.configuration ?? "") < ($1.keyword, $1.configuration ?? "") }
        for group in ordered {
            guard let performer = runner.performers[group.keyword], let steps = stepsByGroup[group], let first = steps.first else {
                continue
            }
            let groupConfiguration = group.configuration.flatMap(runner.file.configuration(named:))
            // Named after the configuration when it is not the lane's own.
            let suffix = group.configuration.map { $0 == configuration?.name ? "" : " (\($0))" } ?? ""
            let identity = StepIdentity(lane: lane.name, name: "preflight \(group.keyword)\(suffix)", kind: .preflight, depth: 0)
            let recorder = StepOutputRecorder(
                masker: masker, logPath: nil, logFiles: runner.dependencies.logFiles, reporter: runner.reporter, step: identity,
                clock: clock,
                condenser: runner.dependencies.outputCondenser?())
            let context = makeContext(
                lane: lane, step: first, configuration: groupConfiguration,
                environment: await environment(for: first, configuration: groupConfiguration, laneEnvironment: lane.environment),
                recorder: recorder)
            do {
                try await performer.preflight(steps, in: context)
                _ = await recorder.finish()
            } catch {
                let tail = await recorder.finish().tail
                runner.reporter.stepStarted(identity)
                record(
                    StepResult(
                        lane: lane.name, name: identity.name, kind: .preflight, status: .failed, start: clock.now,
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
        lane: Lane, step: Step, configuration: Configuration?, environment: EnvironmentVariables, recorder: StepOutputRecorder
    ) -> StepContext {
        var context = StepContext(
            lanesFile: runner.file, lane: lane, step: step, configuration: configuration, environment: environment,
            folders: folders, shell: runner.dependencies.shell, clock: clock, masker: masker, cleanup: cleanup,
            exports: exports, isDryRun: runner.options.isDryRun, isVerbose: runner.options.isVerbose,
            emit: { channel, bytes in await recorder.receive(channel, bytes) },
            progress: { text in await recorder.progress(text) })
        if runner.options.condensesToolOutput {
            context.emitCondensed = { channel, bytes in await recorder.receive(channel, bytes, condensed: true) }
        }
        return context
    }
}
