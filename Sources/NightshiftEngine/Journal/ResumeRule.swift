import Foundation
import NightshiftCore

/// Whether a resumed run may skip a step: only when it passed, the working tree is as the
/// attempt before left it (when in a git repository), its fingerprint is unchanged, every
/// artifact it recorded is still there with the same digest, and no step before it re-runs. An
/// `sh:` step without `outputs:` has nothing to check but the tree: it is reused only when the
/// tree is known to be as it was left. Otherwise a step re-runs, with the first reason found.
public enum ResumeDecision: Sendable, Hashable {
    /// Skip it; the text says what is reused and why it may be.
    case reuse(String)
    case rerun(String)
}

struct ResumeRule {
    /// What the step is now.
    var step: Step
    var fingerprint: String
    var inputs: StepInputs
    /// The step as the earlier attempt left it; nil when it did not reach it.
    var previous: JournalStep?
    /// The first step of this attempt that re-ran and whose work later steps may build on.
    var earlierRerun: String?
    /// Reads an artifact as it is now (nil when gone).
    var artifactNow: (String) -> JournalArtifact?
    /// The working tree against the state the attempt before left.
    var tree: WorkingTreeComparison = .unknown

    func decide() -> ResumeDecision {
        guard let previous else { return .rerun("it did not run before") }
        if step.options.always { return .rerun("'always' steps run on every run") }
        if step.kind.setsUpResource { return .rerun("resources are set up again for the steps that need them") }
        if previous.status != JournalStep.passed { return .rerun("it \(previous.status) last time") }
        if case .changed(let why) = tree { return .rerun(why) }
        let outputless = Self.isOutputless(step)
        if outputless, tree != .asLeft {
            return .rerun("nothing it did can be checked (no 'outputs:', and no git working tree to compare)")
        }
        if !previous.reusable, !outputless { return .rerun("nothing it made can be checked ('sh:' steps need 'outputs:')") }
        if previous.fingerprint != fingerprint { return .rerun(inputs.change(since: previous.inputs) ?? "its inputs changed") }
        for artifact in previous.artifacts {
            guard let now = artifactNow(artifact.path) else { return .rerun("\(artifact.name) is gone") }
            if now.sha256 != artifact.sha256 {
                return .rerun("\(artifact.name) changed since (sha256 \(artifact.sha256.prefix(4))… → \(now.sha256.prefix(4))…)")
            }
        }
        if previous.exports.values.contains(where: { $0.contains(Secret.mask) }) {
            return .rerun("what it hands to later steps holds a secret, which the journal does not keep")
        }
        if let earlierRerun { return .rerun("'\(earlierRerun)' before it re-runs") }
        return .reuse(summary(previous))
    }

    /// An `sh:` step that declares no `outputs:` (a build-number bump): only the working tree
    /// shows what it did.
    static func isOutputless(_ step: Step) -> Bool {
        if case .sh = step.kind { return step.options.outputs == nil }
        return false
    }

    private func summary(_ previous: JournalStep) -> String {
        var parts = ["passed \(Self.time(previous.finished))", "inputs unchanged"]
        if Self.isOutputless(step) { parts.append("tracked files as it left them") }
        parts += previous.artifacts.map { "\($0.name) sha256 \($0.sha256.prefix(4))…" }
        return parts.joined(separator: ", ")
    }

    /// `22:41` (UTC), as the journal's times are.
    static func time(_ date: Date) -> String {
        String(UTCTimestamp.iso8601(date).dropFirst(11).prefix(5))
    }
}
