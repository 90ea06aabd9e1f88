import Crypto
import Foundation
import NightshiftCore
import NightshiftSystem

/// The commit the lanes file's repository is at, and how its tracked files differ from it, asked
/// of git through the run's `ShellRunner`. Only when a `.git` (a folder, or a worktree's file)
/// stands in the lanes file's folder or above: outside a repository git is never started.
struct RepositoryProbe {
    let shell: any ShellRunner

    func state(ofFolder folder: AbsolutePath) async -> RepositoryState? {
        guard let root = Self.repositoryRoot(above: folder) else { return nil }
        guard let head = try? await shell.capture(ShellCommand("git", ["rev-parse", "HEAD"], workingDirectory: root)), head.succeeded
        else { return nil }
        let commit = head.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !commit.isEmpty else { return nil }
        let changes = await trackedChanges(in: root)
        // When git cannot say, the tree counts as dirty and its changes as unknown: a resumed run
        // then re-runs, never skips wrongly.
        return RepositoryState(commit: commit, dirty: changes.map { $0.bytes > 0 } ?? true, changes: changes?.digest)
    }

    /// SHA-256 of `git diff --binary HEAD`: every tracked file's difference from the commit,
    /// staged or not, binary content included, read as it comes (a changed asset of a hundred
    /// megabytes is never held whole). Untracked files are left out: the run folder itself
    /// (`.nightshift/`) is one unless it is ignored, and so are a run's products.
    private func trackedChanges(in root: String) async -> (digest: String, bytes: Int)? {
        let digest = StreamDigest()
        let command = ShellCommand(
            "git", ["diff", "--binary", "--no-ext-diff", "--no-textconv", "--no-color", "HEAD", "--"], workingDirectory: root)
        let termination = try? await shell.run(command) { channel, bytes in
            if channel == .standardOutput { digest.add(bytes) }
        }
        guard termination?.succeeded == true else { return nil }
        return digest.result
    }

    static func repositoryRoot(above folder: AbsolutePath) -> String? {
        var current = folder
        while true {
            if FileManager.default.fileExists(atPath: current.appending(".git").string) { return current.string }
            if current == .root { return nil }
            current = current.parent
        }
    }
}

/// A SHA-256 fed by a command's output handler, which may be called from another task than the
/// one reading the result.
private final class StreamDigest: Sendable {
    private let state = LockedValue((hasher: SHA256(), count: 0))

    func add(_ bytes: [UInt8]) {
        state.withLock { state in
            state.hasher.update(data: bytes)
            state.count += bytes.count
        }
    }

    var result: (digest: String, bytes: Int) {
        state.withLock { ($0.hasher.finalize().hexString, $0.count) }
    }
}
