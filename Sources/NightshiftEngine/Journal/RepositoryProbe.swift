import Foundation
import NightshiftSystem

/// The commit the lanes file's repository is at, and whether tracked files differ from it, asked
/// of git through the run's `ShellRunner`. Only when a `.git` (a folder, or a worktree's file)
/// stands in the lanes file's folder or above: outside a repository git is never started.
struct RepositoryProbe {
    let shell: any ShellRunner

    func state(ofFolder folder: String) async -> RepositoryState? {
        guard let root = Self.repositoryRoot(above: folder) else { return nil }
        guard let head = try? await shell.capture(ShellCommand("git", ["rev-parse", "HEAD"], workingDirectory: root)), head.succeeded
        else { return nil }
        let commit = head.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !commit.isEmpty else { return nil }
        // Untracked files are left out: the run folder itself (`.nightshift/`) is one unless it
        // is ignored, and it would make every tree dirty. A changed tracked file is what counts.
        let status = try? await shell.capture(
            ShellCommand("git", ["status", "--porcelain", "--untracked-files=no"], workingDirectory: root))
        // When git cannot say, the tree counts as dirty: a resumed run then re-runs, never skips wrongly.
        let dirty = status.map { !$0.succeeded || !$0.standardOutput.isEmpty } ?? true
        return RepositoryState(commit: commit, dirty: dirty)
    }

    static func repositoryRoot(above folder: String) -> String? {
        var current = folder
        while true {
            if FileManager.default.fileExists(atPath: current + "/.git") { return current }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }
}
