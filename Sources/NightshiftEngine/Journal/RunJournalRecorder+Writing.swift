import Foundation
import NightshiftCore
import NightshiftSystem

/// When and how the journal reaches the disk: at once after a slow or failed step, at most once
/// a second after quick ones, always before a step that is not `sh:` and at the lane's end; each
/// write durable, and never an older journal over a newer one.
extension RunJournalRecorder {
    /// Before a step that is not `sh:` (signing, archive, export, upload: few, and slow), quick
    /// steps not yet written are: a build-number bump just before the archive is then in the
    /// journal, with the tree it left, even if the archive is killed. Not before `sh:` steps,
    /// which can be a thousand quick ones.
    func catchUp(before step: Step) async {
        if case .sh = step.kind { return }
        guard state.withLock({ $0.behind }) else { return }
        await writeAfterStep()
    }

    /// Writes the journal with the repository as the step left it: a step may change tracked
    /// files (a build-number bump), and a resumed run compares the tree with the latest state
    /// written down. Outside a repository, and under `--dry-run`, git is not asked.
    func writeAfterStep() async {
        let left = path == nil ? nil : await probeRepository()
        state.withLock { state in
            if let left { Self.change(&state) { $0.left = left } }
            state.behind = false
        }
        await write()
    }

    /// A step that took this long is written at once: losing it to a crash would cost as much
    /// again. Quicker ones are written at most this often: re-encoding and fsync-ing the whole
    /// journal after each of a thousand `sh: true` steps cost more than the steps themselves
    /// (`scripts/bench-lane`). A crash then loses at most the last second's passes, which
    /// re-run: never a false pass. The lane's end always writes.
    static let promptWrite = Duration.seconds(1)

    func laneFinished(_ status: JournalStatus) async {
        let left = path == nil ? nil : await probeRepository()
        state.withLock { state in
            Self.change(&state) { journal in
                if let left { journal.left = left }
                journal.status = status
            }
        }
        await write()
    }

    /// The write failure not yet told, once.
    func takeWriteFailure() -> String? {
        state.withLock { state in
            guard let writeFailure = state.writeFailure, !state.writeFailureTold else { return nil }
            state.writeFailureTold = true
            return writeFailure
        }
    }

    /// Writes the journal as it stands, durably, before returning: what the caller reports next
    /// (a step finished) is on disk first. The state is copied under the lock; encoding, writing
    /// and fsync happen outside it, on a thread of nightshift's own.
    func write() async {
        guard let path else { return }
        let (journal, steps, revision) = state.withLock { ($0.journal, $0.encodedSteps, $0.revision) }
        let failure: String? = await BlockingWork.run { [written] in
            written.withLock { writtenRevision in
                // A newer journal is on disk already: this one would take it back.
                guard revision > writtenRevision else { return nil }
                do {
                    // Owner-only: the journal names every variable a step reads and the lanes file's path.
                    try DurableFile.replace(path, with: JournalCoding.encode(journal, steps: steps), permissions: 0o600)
                    writtenRevision = revision
                    return nil
                } catch {
                    return "\(error)"
                }
            }
        }
        if let failure { state.withLock { $0.writeFailure = $0.writeFailure ?? failure } }
    }
}
