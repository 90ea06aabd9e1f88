import NightshiftCore
import NightshiftLanes

/// `--from STEP`: the step must be one of the lane's (with a did-you-mean when not), and every
/// step before it in the earlier run must have passed and left its artifacts as they were.
struct FromStepCheck {
    let journal: RunJournal
    let masker: SecretMasker

    /// The names `--from` accepts: every step the lane reaches, called lanes' included.
    static func stepNames(of lane: Lane, in file: LanesFile) -> [String] {
        var names: [String] = []
        LaneCallGraph(file: file).visitSteps(reachableFrom: lane) { walked in
            if case .lane = walked.step.kind { return }
            if !names.contains(walked.step.displayName) { names.append(walked.step.displayName) }
        }
        return names
    }

    func check(from: String) throws(JournalProblem) {
        // The journal keeps step names masked: `--from` is compared as it would spell it.
        let masked = masker.mask(from)
        let start = journal.steps.first { $0.name == masked }?.number ?? Int.max
        for step in journal.steps where step.number < start {
            if step.status == JournalStep.skipped { continue }
            guard step.status == JournalStep.passed else {
                throw .missingBefore(
                    from: masked, step: step.name, reason: "\(step.status) in run \(journal.runID), so its work is not there")
            }
            for artifact in step.artifacts {
                guard let now = ContentDigest.artifact(at: artifact.path) else {
                    throw .missingBefore(from: masked, step: step.name, reason: "made \(artifact.path), which is gone")
                }
                guard now.sha256 == artifact.sha256 else {
                    throw .missingBefore(from: masked, step: step.name, reason: "made \(artifact.path), which changed since")
                }
            }
        }
    }
}
