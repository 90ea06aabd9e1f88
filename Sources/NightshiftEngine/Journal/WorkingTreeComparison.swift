/// How the lanes file's repository stands, for a resumed run, against the state the attempt it
/// continues left (`RunJournal.left`), not against a clean tree: a step of the run that bumped a
/// build number in a tracked file made a change that is the run's own.
enum WorkingTreeComparison: Sendable, Hashable {
    /// Not a git repository, or a journal from before the state was kept: each step is judged
    /// by its own fingerprint and artifacts.
    case unknown
    /// The same commit and the same tracked changes: what earlier steps did there still holds.
    case asLeft
    /// Every step re-runs, for this reason.
    case changed(String)

    /// `left`: the state the attempt numbered `attempt` left; `now`: the tree as the resumed
    /// run starts.
    static func compare(now: RepositoryState?, left: RepositoryState?, attempt: Int) -> WorkingTreeComparison {
        guard let now, let left else { return .unknown }
        if now.commit != left.commit {
            return .changed("the commit changed (\(left.commit.prefix(7)) → \(now.commit.prefix(7)))")
        }
        guard let changesNow = now.changes, let changesLeft = left.changes else {
            return .changed("git could not say whether tracked files changed since attempt \(attempt) ended")
        }
        return changesNow == changesLeft ? .asLeft : .changed("tracked files changed since attempt \(attempt) ended")
    }
}
