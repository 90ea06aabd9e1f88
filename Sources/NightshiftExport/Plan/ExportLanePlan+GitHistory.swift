import NightshiftCore
import NightshiftLanes

/// Whether a lane reads git's history: `archive: { build_number: { from: git } }` counts its
/// commits and `notes: { from: git }` lists them, and a shallow checkout (actions/checkout's
/// default) holds one commit. The run refuses such a build number and warns about such notes;
/// the exporters ask their engine for the whole history, or say in the file how to.
extension ExportLanePlan {
    static func reachesGitHistory(_ lane: Lane, graph: LaneCallGraph) -> Bool {
        var reads = false
        graph.visitSteps(reachableFrom: lane, revisits: .never) { walked in
            reads = reads || walked.step.kind.readsGitHistory
        }
        return reads
    }

    /// What the engines' files say about it.
    static let gitHistoryNote =
        "reads git's history (build_number or notes: { from: git }): a shallow checkout has too few commits for it"
}

extension StepKind {
    fileprivate var readsGitHistory: Bool {
        switch self {
        case .archive(let settings):
            return settings.buildNumber == .git
        case .upload(let target):
            guard case .map(let notes)? = target.parameters["notes"] else { return false }
            return notes["from"]?.raw == "git"
        default:
            return false
        }
    }
}
