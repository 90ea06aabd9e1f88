import Foundation
import NightshiftSystem
import Testing

/// A real git repository of empty commits in the current test's temporary folder, and clones of
/// it as CI makes them (`git clone --depth 1 file://…` is actions/checkout's default): tests of
/// what reads the history run the real `git`, never a fake one. Needs `.temporaryDirectory`.
public struct GitRepositoryFixture: Sendable {
    /// The repository's folder.
    public let origin: String
    /// Its commits, oldest first.
    public let commits: [String]

    static let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))

    /// A repository with one commit per subject.
    public static func make(subjects: [String]) async throws -> GitRepositoryFixture {
        let origin = try TemporaryDirectory.make("origin")
        _ = try await git(["init", "-q"], in: origin)
        var commits: [String] = []
        for subject in subjects {
            _ = try await git(["commit", "-q", "--allow-empty", "-m", subject], in: origin)
            commits.append(try await git(["rev-parse", "HEAD"], in: origin))
        }
        return GitRepositoryFixture(origin: origin, commits: commits)
    }

    /// A clone of the repository holding its last `depth` commits only, or the whole history.
    public func clone(depth: Int? = nil) async throws -> String {
        let folder = try TemporaryDirectory.make("clone")
        let limit = depth.map { ["--depth", String($0)] } ?? []
        _ = try await Self.git(["clone", "-q"] + limit + ["file://" + origin, folder], in: folder)
        return folder
    }

    /// `git ARGUMENTS` in `folder`, which must succeed; its output, trimmed.
    @discardableResult
    public static func git(_ arguments: [String], in folder: String) async throws -> String {
        let result = try await shell.capture(
            ShellCommand("git", ["-c", "user.name=Night Shift", "-c", "user.email=ns@example.com"] + arguments, workingDirectory: folder))
        try #require(result.succeeded, "git \(arguments.joined(separator: " ")): \(result.failureDetail)")
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
