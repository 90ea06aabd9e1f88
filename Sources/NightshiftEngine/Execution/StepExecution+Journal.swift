import NightshiftCore
import NightshiftSystem

/// The journal's seam in the step loop: before a step runs, a resumed run may reuse it; after
/// it ran, its outcome and artifacts are recorded. Without a journal, the step just runs.
extension StepExecution {
    func run() async -> StepResult {
        guard let journal = execution.journal else { return await runAttempts() }
        let exportsBefore = await execution.exports.all
        let ticket = await journal.begin(
            step, lane: lane.name, number: number, configuration: configuration, environment: environment,
            artifactPaths: artifactPaths, exportsBefore: exportsBefore)
        switch ticket.decision {
        case .reuse(let why):
            for (name, value) in await journal.reused(step, ticket) { await execution.exports.set(name, value) }
            // A reused step's result, masked as a run one's is (`StepExecution.identity`).
            return StepResult(
                lane: lane.name, name: execution.masker.mask(step.displayName), kind: .step(step.kind.keyword), status: .reused,
                start: execution.clock.now, message: execution.masker.mask(why))
        case .rerun(let why):
            execution.runner.notice("\(step.displayName) re-runs: \(why)")
        case nil:
            break
        }
        await journal.catchUp(before: step)
        let kind = step.kind.keyword.rawValue
        let notes = StepJournalNotes(
            earlier: journal.earlierNote(step: number, kind: kind), earlierSteps: journal.notes(before: number),
            record: { [number] values in await journal.note(step: number, kind: kind, values: values) })
        var result = await runAttempts(
            journalFingerprint: await journal.productFingerprint(ticket, of: step), earlierExports: journal.earlierExports(ticket),
            journalNotes: notes)
        if result.status == .passed, let problem = artifactPaths.lazy.compactMap(ContentDigest.problem(with:)).first {
            // Only files and folders are artifacts: anything else fails the step, before it is digested.
            result.status = .failed
            result.reason = .stepFailed
            // The result's message reaches the journal and reports as it is made.
            result.message = execution.masker.mask("'\(step.displayName)' passed, but its \(problem)")
        }
        let exportsAfter = await execution.exports.all
        if await journal.finish(step, ticket, result: .init(result), exportsAfter: exportsAfter, clock: execution.clock) {
            await journal.writeAfterStep()
        }
        if let problem = journal.takeWriteFailure() {
            execution.runner.notice(.warning("the run journal could not be written: \(problem); this run cannot be resumed", at: nil))
        }
        return result
    }

    /// The files that prove the step's work is there: its kind's build products (a Mac export's
    /// `.app` where an iOS one has the `.ipa`), the container a `package:` step wrote, or an `sh:`
    /// step's `outputs:`.
    private var artifactPaths: [String] {
        var paths = (step.options.outputs ?? []).map { $0.expand(in: environment) }
        if !step.kind.products.isEmpty, let project = execution.runner.file.project {
            let build = BuildPaths(output: execution.folders.output, productName: project.name.expand(in: environment))
            let method = environment[NightshiftVariable.exportMethod.name]
            paths += step.kind.products(exportMethod: method).map { build.path(of: $0).string }
        }
        if let container = step.kind.packagedProduct { paths.append(container.expand(in: environment)) }
        return paths
    }
}

extension RunJournalRecorder.Outcome {
    init(_ result: StepResult) {
        self.init(
            lane: result.lane, name: result.name, status: result.status.rawValue, attempts: result.attempts, duration: result.duration,
            details: result.details)
    }
}
