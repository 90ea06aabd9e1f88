import Foundation
import NightshiftCore
import NightshiftSystem

/// Keeps one run's journal: decides, for a resumed run, which steps are reused; records each
/// step's inputs, outcome and artifacts as it finishes; rewrites `journal.json` durably after
/// each. The engine calls it through `StepExecution+Journal.swift` only.
///
/// A class behind a lock rather than an actor: the step loop calls it twice per step, and an
/// actor's hops (a thread wake-up each) cost more than the bookkeeping on a lane of a thousand
/// quick steps (`scripts/bench-lane`). `@unchecked Sendable`: every mutable field is touched only
/// with `lock` held (recursive: the public methods write the journal through `write()`).
final class RunJournalRecorder: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var journal: RunJournal
    /// nil under `--dry-run`: a plan changes nothing on disk.
    private let path: String?
    nonisolated let attempt: Int
    private let fingerprinter: StepFingerprinter
    /// The run's: a secret learned mid-run is masked in every entry written from then on.
    private let secrets: RunSecrets
    /// The earlier attempts' steps by number; empty on a first run.
    private let previous: [Int: JournalStep]
    /// `--from STEP`: steps before it are reused whatever changed (their artifacts were checked).
    private var from: String?
    /// The first step of this attempt that re-ran (not a resource or `always` step).
    private var firstRerun: String?
    /// Which step's fingerprint made each product last.
    private var producers: [BuildProduct: String] = [:]
    /// Why the journal could not be written: the run goes on, and says so once.
    private var writeFailure: String?
    private var writeFailureTold = false
    /// Each of `journal.steps` as JSON, in the same order.
    private var encodedSteps: [String] = []
    /// When a finished step last caused a write.
    private var lastWrite = Date.distantPast
    /// A finished step is not written down yet (a quick one, `promptWrite`).
    private var behind = false
    /// Holds the run: a `--resume` of it is refused while this lives.
    private let runLock: FileLock?
    /// For a resumed run, the working tree against the state the attempt before left.
    private let tree: WorkingTreeComparison
    /// Asks git how the repository stands (nil outside one), for `RunJournal.left`.
    private let probeRepository: @Sendable () async -> RepositoryState?
    /// Whether the run was interrupted: digesting a large artifact stops between chunks then.
    private let isInterrupted: ContentDigest.Interruption

    init(
        journal: RunJournal, path: String?, fingerprinter: StepFingerprinter, secrets: RunSecrets, previous: [JournalStep],
        from: String?, lock: FileLock?, tree: WorkingTreeComparison = .unknown,
        probeRepository: @escaping @Sendable () async -> RepositoryState? = { nil },
        isInterrupted: @escaping ContentDigest.Interruption = { false }
    ) {
        self.tree = tree
        self.isInterrupted = isInterrupted
        self.probeRepository = probeRepository
        self.journal = journal
        encodedSteps = journal.steps.map(JournalStepWriter.json)
        self.path = path
        self.attempt = journal.attempts.last?.number ?? 1
        self.fingerprinter = fingerprinter
        self.secrets = secrets
        self.previous = Dictionary(previous.map { ($0.number, $0) }, uniquingKeysWith: { _, last in last })
        self.from = from
        self.runLock = lock
    }

    private var masker: SecretMasker { secrets.masker }

    private var isResuming: Bool { !previous.isEmpty || from != nil }

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

    func begin(
        _ step: Step, lane: String, number: Int, configuration: Configuration?, environment: EnvironmentVariables, artifactPaths: [String],
        exportsBefore: [String: String]
    ) -> Ticket {
        lock.lock()
        defer { lock.unlock() }
        let consumes = Dictionary(
            step.kind.consumes.compactMap { product in producers[product].map { (product.rawValue, $0) } }, uniquingKeysWith: { $1 })
        let inputs = fingerprinter.inputs(of: step, configuration: configuration, environment: environment, consumes: consumes)
        var ticket = Ticket(
            number: number, inputs: inputs, fingerprint: inputs.fingerprint, artifactPaths: artifactPaths,
            reusable: Self.isReusable(step), decision: nil, exportsBefore: exportsBefore)
        guard isResuming else { return ticket }
        if let fromStep = from {
            if step.displayName == fromStep {
                from = nil
                // Names go into reasons the journal and the console keep: masked as the results'.
                firstRerun = firstRerun ?? masker.mask(step.displayName)
                ticket.decision = .rerun("the run starts here (--from)")
            } else if let earlier = previous[number] {
                ticket.decision = .reuse("before --from \(masker.mask(fromStep)); \(ResumeRule.time(earlier.finished))'s work kept")
            } else {
                ticket.decision = .rerun("it did not run before")
            }
            return ticket
        }
        let decision = ResumeRule(
            step: step, fingerprint: ticket.fingerprint, inputs: inputs, previous: previous[number], earlierRerun: firstRerun,
            artifactNow: { [isInterrupted] in ContentDigest.artifact(at: $0, isInterrupted: isInterrupted) }, tree: tree
        ).decide()
        if case .rerun = decision, !step.options.always, !step.kind.setsUpResource, firstRerun == nil {
            firstRerun = masker.mask(step.displayName)  // as above
        }
        ticket.decision = decision
        return ticket
    }

    /// A reused step: its earlier entry stands, and its products count as made by it.
    func reused(_ step: Step, _ ticket: Ticket) -> [String: String] {
        lock.lock()
        defer { lock.unlock() }
        guard let earlier = previous[ticket.number] else { return [:] }
        for product in step.kind.products { producers[product] = earlier.fingerprint }
        replace(earlier)
        write()
        return earlier.exports
    }

    /// Records the step's outcome; true when the journal is due to be written (`writeAfterStep`).
    func finish(_ step: Step, _ ticket: Ticket, result: StepResult, exportsAfter: [String: String], clock: any WallClock) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let passed = result.status == .passed
        // A path that spells a secret cannot be written down, and a masked one finds nothing:
        // such a step keeps no artifacts and is never reused.
        let spellsSecret = ticket.artifactPaths.contains { masker.mask($0) != $0 }
        let artifacts =
            passed && !spellsSecret ? ticket.artifactPaths.compactMap { ContentDigest.artifact(at: $0, isInterrupted: isInterrupted) } : []
        if passed { for product in step.kind.products { producers[product] = ticket.fingerprint } }
        let exports = exportsAfter.filter { ticket.exportsBefore[$0.key] != $0.value }.mapValues(masker.mask)
        replace(
            JournalStep(
                // The journal's fields are masked one by one: masking its whole JSON would also hit
                // the hex of its digests when a secret happens to be hex digits.
                number: ticket.number, lane: masker.mask(result.lane), kind: step.kind.keyword.rawValue, name: result.name,
                attempt: attempt,
                fingerprint: ticket.fingerprint, inputs: ticket.inputs, status: result.status.rawValue, attempts: result.attempts,
                finished: clock.now, artifacts: artifacts, exports: exports,
                // An output the step declared but did not leave proves nothing: never reused.
                reusable: ticket.reusable && !spellsSecret && artifacts.count == ticket.artifactPaths.count))
        let now = clock.now
        guard !passed || result.duration >= Self.promptWrite || now.timeIntervalSince(lastWrite) >= Self.promptWrite.seconds else {
            behind = true
            return false
        }
        lastWrite = now
        return true
    }

    /// Before a step that is not `sh:` (signing, archive, export, upload: few, and slow), quick
    /// steps not yet written are: a build-number bump just before the archive is then in the
    /// journal, with the tree it left, even if the archive is killed. Not before `sh:` steps,
    /// which can be a thousand quick ones.
    func catchUp(before step: Step) async {
        if case .sh = step.kind { return }
        guard isBehind else { return }
        await writeAfterStep()
    }

    private var isBehind: Bool {
        lock.lock()
        defer { lock.unlock() }
        return behind
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
        let current = path == nil ? lock.withLock { journal.repository } : await probeRepository()
        guard let tree = current else { return ticket.fingerprint }
        guard let changes = tree.changes else { return nil }
        return "\(ticket.fingerprint) \(tree.commit) \(changes)"
    }

    /// Writes the journal with the repository as the step left it: a step may change tracked
    /// files (a build-number bump), and a resumed run compares the tree with the latest state
    /// written down. Outside a repository, and under `--dry-run`, git is not asked.
    func writeAfterStep() async {
        write(left: path == nil ? nil : await probeRepository())
    }

    private func write(left: RepositoryState?) {
        lock.lock()
        defer { lock.unlock() }
        if let left { journal.left = left }
        behind = false
        write()
    }

    /// A step that took this long is written at once: losing it to a crash would cost as much
    /// again. Quicker ones are written at most this often: re-encoding and fsync-ing the whole
    /// journal after each of a thousand `sh: true` steps cost more than the steps themselves
    /// (`scripts/bench-lane`). A crash then loses at most the last second's passes, which
    /// re-run: never a false pass. The lane's end always writes.
    static let promptWrite = Duration.seconds(1)

    func laneFinished(_ status: LaneStatus) async {
        finish(lane: status, left: path == nil ? nil : await probeRepository())
    }

    private func finish(lane status: LaneStatus, left: RepositoryState?) {
        lock.lock()
        defer { lock.unlock() }
        if let left { journal.left = left }
        switch status {
        case .passed, .passedWithWarnings: journal.status = .passed
        case .failed: journal.status = .failed
        case .interrupted: journal.status = .interrupted
        // A lane that never started keeps no journal.
        case .notRun: journal.status = .failed
        }
        write()
    }

    /// `sh:` steps without `outputs:` may do anything, so they are never skipped.
    static func isReusable(_ step: Step) -> Bool {
        if case .sh = step.kind { return step.options.outputs != nil }
        return true
    }

    private func replace(_ entry: JournalStep) {
        let json = JournalStepWriter.json(entry)
        // Steps come in order: a first run only ever appends.
        if journal.steps.last.map({ $0.number < entry.number }) ?? true {
            journal.steps.append(entry)
            encodedSteps.append(json)
        } else if let index = journal.steps.firstIndex(where: { $0.number == entry.number }) {
            journal.steps[index] = entry
            encodedSteps[index] = json
        } else {
            let index = journal.steps.firstIndex { $0.number > entry.number } ?? journal.steps.endIndex
            journal.steps.insert(entry, at: index)
            encodedSteps.insert(json, at: index)
        }
    }

    /// The write failure not yet told, once.
    func takeWriteFailure() -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let writeFailure, !writeFailureTold else { return nil }
        writeFailureTold = true
        return writeFailure
    }

    func write() {
        lock.lock()
        defer { lock.unlock() }
        guard let path else { return }
        do {
            // Owner-only: the journal names every variable a step reads and the lanes file's path.
            try DurableFile.replace(path, with: try JournalCoding.encode(journal, steps: encodedSteps), permissions: 0o600)
        } catch {
            writeFailure = writeFailure ?? "\(error)"
        }
    }
}
