import Foundation
import NightshiftCore
import NightshiftSystem

/// Keeps one run's journal: decides, for a resumed run, which steps are reused; records each
/// step's inputs, outcome and artifacts as it finishes; rewrites `journal.json` durably after
/// each (`RunJournalRecorder+Writing.swift`). The engine calls it through
/// `StepExecution+Journal.swift` only.
///
/// A class with its state in a lock box rather than an actor: the step loop calls it twice per
/// step, and an actor's hops (a thread wake-up each) cost more than the bookkeeping on a lane of
/// a thousand quick steps (`scripts/bench-lane`). What blocks (digesting artifacts, a
/// multi-gigabyte .xcarchive; writing and fsync-ing the journal) runs outside the lock and off
/// Swift's cooperative pool (`BlockingWork`); its result is then committed under the lock.
final class RunJournalRecorder: Sendable {
    struct State {
        var journal: RunJournal
        /// `--from STEP`: steps before it are reused whatever changed (their artifacts were checked).
        var from: String?
        /// The first step of this attempt that re-ran (not a resource or `always` step).
        var firstRerun: String?
        /// Which step's fingerprint made each product last.
        var producers: [BuildProduct: String] = [:]
        /// Why the journal could not be written: the run goes on, and says so once.
        var writeFailure: String?
        var writeFailureTold = false
        /// Each of `journal.steps` as JSON, in the same order.
        var encodedSteps: [String]
        /// When a finished step last caused a write.
        var lastWrite = Date.distantPast
        /// A finished step is not written down yet (a quick one, `promptWrite`).
        var behind = false
        /// Counts the journal's changes, so that a write never replaces a newer journal with an
        /// older one (`written`).
        var revision = 0
    }

    let state: LockedValue<State>
    /// The revision `journal.json` holds; its lock also keeps two writes from interleaving.
    /// Taken on a blocking thread only (`BlockingWork`), never on the cooperative pool.
    let written = LockedValue(-1)
    /// nil under `--dry-run`: a plan changes nothing on disk.
    let path: String?
    let attempt: Int
    private let fingerprinter: StepFingerprinter
    /// The run's: a secret learned mid-run is masked in every entry written from then on.
    private let secrets: RunSecrets
    /// The earlier attempts' steps by number; empty on a first run.
    private let previous: [Int: JournalStep]
    /// Holds the run: a `--resume` of it is refused while this lives.
    private let runLock: FileLock?
    /// For a resumed run, the working tree against the state the attempt before left.
    private let tree: WorkingTreeComparison
    /// Asks git how the repository stands (nil outside one), for `RunJournal.left`.
    let probeRepository: @Sendable () async -> RepositoryState?
    /// Whether the run was interrupted: digesting a large artifact stops between chunks then.
    private let isInterrupted: ContentDigest.Interruption
    /// The artifact at a path as it is now (`ContentDigest.artifact`); blocking, so called off
    /// the pool. A parameter so that a test can hold a digest open.
    private let digest: @Sendable (String) -> JournalArtifact?

    init(
        journal: RunJournal, path: String?, fingerprinter: StepFingerprinter, secrets: RunSecrets, previous: [JournalStep],
        from: String?, lock: FileLock?, tree: WorkingTreeComparison = .unknown,
        probeRepository: @escaping @Sendable () async -> RepositoryState? = { nil },
        isInterrupted: @escaping ContentDigest.Interruption = { false },
        digest: (@Sendable (String) -> JournalArtifact?)? = nil
    ) {
        self.tree = tree
        self.isInterrupted = isInterrupted
        self.digest = digest ?? { ContentDigest.artifact(at: $0, isInterrupted: isInterrupted) }
        self.probeRepository = probeRepository
        state = LockedValue(State(journal: journal, from: from, encodedSteps: journal.steps.map(JournalWriter.step)))
        self.path = path
        self.attempt = journal.attempts.last?.number ?? 1
        self.fingerprinter = fingerprinter
        self.secrets = secrets
        self.previous = Dictionary(previous.map { ($0.number, $0) }, uniquingKeysWith: { _, last in last })
        self.runLock = lock
    }

    var masker: SecretMasker { secrets.masker }

    /// The journal as it stands.
    var journalSnapshot: RunJournal { state.withLock { $0.journal } }

    /// Changes the journal outside a step's outcome (a step's note), counting the change.
    func changeJournal(_ body: (inout RunJournal) -> Void) {
        state.withLock { state in Self.change(&state, body) }
    }

    /// What the step is made from, and whether a resumed run reuses it.
    struct Ticket: Sendable {
        var number: Int
        var inputs: StepInputs
        var fingerprint: String
        var artifactPaths: [String]
        var reusable: Bool
        var decision: ResumeDecision?
        var exportsBefore: [String: String]
    }

    /// A resumed run's decision digests the step's earlier artifacts: off the cooperative pool
    /// and outside the lock, as `finish` does.
    func begin(
        _ step: Step, lane: String, number: Int, configuration: Configuration?, environment: EnvironmentVariables, artifactPaths: [String],
        exportsBefore: [String: String]
    ) async -> Ticket {
        let (consumes, from, earlierRerun) = state.withLock { state in
            let consumes = Dictionary(
                step.kind.consumes.compactMap { product in state.producers[product].map { (product.rawValue, $0) } },
                uniquingKeysWith: { $1 })
            return (consumes, state.from, state.firstRerun)
        }
        let inputs = fingerprinter.inputs(of: step, configuration: configuration, environment: environment, consumes: consumes)
        var ticket = Ticket(
            number: number, inputs: inputs, fingerprint: inputs.fingerprint, artifactPaths: artifactPaths,
            reusable: Self.isReusable(step), decision: nil, exportsBefore: exportsBefore)
        guard !previous.isEmpty || from != nil else { return ticket }
        if let fromStep = from {
            if step.displayName == fromStep {
                state.withLock { state in
                    state.from = nil
                    state.firstRerun = state.firstRerun ?? masker.mask(step.displayName)
                }
                ticket.decision = .rerun("the run starts here (--from)")
            } else if let earlier = previous[number] {
                ticket.decision = .reuse("before --from \(masker.mask(fromStep)); \(ResumeRule.time(earlier.finished))'s work kept")
            } else {
                ticket.decision = .rerun("it did not run before")
            }
            return ticket
        }
        let decision = await BlockingWork.run { [previous, digest, tree, fingerprint = ticket.fingerprint] in
            ResumeRule(
                step: step, fingerprint: fingerprint, inputs: inputs, previous: previous[number], earlierRerun: earlierRerun,
                artifactNow: digest, tree: tree
            ).decide()
        }
        if case .rerun = decision, !step.options.always, !step.kind.setsUpResource {
            state.withLock { state in state.firstRerun = state.firstRerun ?? masker.mask(step.displayName) }
        }
        ticket.decision = decision
        return ticket
    }

    /// What the step exported in the earlier attempt (`StepContext.earlierExports`).
    func earlierExports(_ ticket: Ticket) -> [String: String] { previous[ticket.number]?.exports ?? [:] }

    /// A finished step as the engine hands it over (from its `StepResult`).
    struct Outcome: Sendable {
        /// The lane, not masked yet.
        var lane: String
        /// The step's name, masked.
        var name: String
        /// `StepStatus`'s raw value.
        var status: String
        var attempts: Int
        var duration: Duration
        /// Masked already (`StepExecution`).
        var details: [String: String] = [:]
    }

    /// A reused step: its earlier entry stands, and its products count as made by it.
    func reused(_ step: Step, _ ticket: Ticket) async -> [String: String] {
        guard let earlier = previous[ticket.number] else { return [:] }
        let json = JournalWriter.step(earlier)
        state.withLock { state in
            for product in step.kind.products { state.producers[product] = earlier.fingerprint }
            Self.replace(earlier, json: json, in: &state)
        }
        await self.write()
        return earlier.exports
    }

    /// Records the step's outcome; true when the journal is due to be written (`writeAfterStep`).
    /// The artifacts are digested first, off the cooperative pool and outside the lock.
    func finish(_ step: Step, _ ticket: Ticket, result: Outcome, exportsAfter: [String: String], clock: any WallClock) async -> Bool {
        let passed = result.status == JournalStep.passed
        // A path that spells a secret cannot be written down, and a masked one finds nothing:
        // such a step keeps no artifacts and is never reused.
        let spellsSecret = ticket.artifactPaths.contains { masker.mask($0) != $0 }
        let paths = passed && !spellsSecret ? ticket.artifactPaths : []
        let artifacts = paths.isEmpty ? [] : await BlockingWork.run { [digest] in paths.compactMap(digest) }
        let exports = exportsAfter.filter { ticket.exportsBefore[$0.key] != $0.value }.mapValues(masker.mask)
        let entry = JournalStep(
            // The journal's fields are masked one by one: masking its whole JSON would also hit
            // the hex of its digests when a secret happens to be hex digits.
            number: ticket.number, lane: masker.mask(result.lane), kind: step.kind.keyword.rawValue, name: result.name,
            attempt: attempt,
            fingerprint: ticket.fingerprint, inputs: ticket.inputs, status: result.status, attempts: result.attempts,
            finished: clock.now, artifacts: artifacts, exports: exports,
            // An output the step declared but did not leave proves nothing: never reused.
            reusable: ticket.reusable && !spellsSecret && artifacts.count == ticket.artifactPaths.count,
            details: result.details.isEmpty ? nil : result.details.mapValues(masker.mask))
        let json = JournalWriter.step(entry)
        let now = clock.now
        return state.withLock { state in
            if passed { for product in step.kind.products { state.producers[product] = ticket.fingerprint } }
            Self.replace(entry, json: json, in: &state)
            guard !passed || result.duration >= Self.promptWrite || now.timeIntervalSince(state.lastWrite) >= Self.promptWrite.seconds
            else {
                state.behind = true
                return false
            }
            state.lastWrite = now
            return true
        }
    }

    /// What a performer keeps beside an intermediate product (`StepContext.journalFingerprint`):
    /// the step's fingerprint and, for a step with products in a git repository, the tree as it
    /// stands now. The step's own fingerprint leaves tracked changes out (the resume rule
    /// compares the tree instead), but the rule only decides whether the step runs: a product
    /// made inside a step that runs again (the tests' `build-for-testing` after failed tests)
    /// must not be reused once a tracked file changed. nil when git cannot say: nothing is reused.
    /// A dry run changes no file: the tree as the attempt started is the tree, so its plan says
    /// what the real run would reuse.
    func productFingerprint(_ ticket: Ticket, of step: Step) async -> String? {
        guard !step.kind.products.isEmpty else { return ticket.fingerprint }
        let current = path == nil ? state.withLock { $0.journal.repository } : await probeRepository()
        guard let tree = current else { return ticket.fingerprint }
        guard let changes = tree.changes else { return nil }
        return "\(ticket.fingerprint) \(tree.commit) \(changes)"
    }

    /// `sh:` steps without `outputs:` may do anything, so they are never skipped.
    static func isReusable(_ step: Step) -> Bool {
        if case .sh = step.kind { return step.options.outputs != nil }
        return true
    }

    /// Changes the journal, counting the change for `write()`.
    static func change(_ state: inout State, _ body: (inout RunJournal) -> Void) {
        body(&state.journal)
        state.revision += 1
    }

    /// Puts `entry` (`json`: it encoded, made outside the lock) in its place among the steps.
    private static func replace(_ entry: JournalStep, json: String, in state: inout State) {
        state.revision += 1
        // Steps come in order: a first run only ever appends.
        if state.journal.steps.last.map({ $0.number < entry.number }) ?? true {
            state.journal.steps.append(entry)
            state.encodedSteps.append(json)
        } else if let index = state.journal.steps.firstIndex(where: { $0.number == entry.number }) {
            state.journal.steps[index] = entry
            state.encodedSteps[index] = json
        } else {
            let index = state.journal.steps.firstIndex { $0.number > entry.number } ?? state.journal.steps.endIndex
            state.journal.steps.insert(entry, at: index)
            state.encodedSteps.insert(json, at: index)
        }
    }
}
