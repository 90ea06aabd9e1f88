import Foundation
import NightshiftCore
public import NightshiftSystem

/// Poll-SCM: which commit the lane's repository is at now.
public protocol RevisionProbe: Sendable {
    func currentRevision(remote: String?, branch: String?) async throws -> RevisionReading
}

/// A commit read for poll-SCM, and what to tell the user when it is a weaker reading.
public struct RevisionReading: Sendable, Hashable {
    public var commit: String
    /// Why the reading may miss new commits (HEAD read because the branch has no upstream); the
    /// scheduler logs it.
    public var caveat: String?

    public init(commit: String, caveat: String? = nil) {
        self.commit = commit
        self.caveat = caveat
    }
}

/// Asks git through the `ShellRunner`, in the repository folder: `git ls-remote REMOTE BRANCH`
/// when a remote is configured; else `git fetch`, then the commit of the current branch's
/// upstream (`git rev-parse @{upstream}`). A fetch moves the remote-tracking branches, never
/// HEAD, so HEAD is read only when there is no upstream (detached, or a branch tracking nothing),
/// and the reading says so.
public struct GitRevisionProbe: RevisionProbe {
    private let shell: any ShellRunner
    private let workingDirectory: String?

    /// - Parameter workingDirectory: the repository (the lanes file's folder); nil for the
    ///   process's own working directory.
    public init(shell: any ShellRunner, workingDirectory: String?) {
        self.shell = shell
        self.workingDirectory = workingDirectory
    }

    public func currentRevision(remote: String?, branch: String?) async throws -> RevisionReading {
        if let remote {
            let output = try await run(["ls-remote", remote, branch ?? "HEAD"])
            guard let hash = output.split(whereSeparator: \.isWhitespace).first else { throw RevisionProbeError.noRevision(output) }
            return RevisionReading(commit: String(hash))
        }
        _ = try await run(["fetch", "--quiet"])
        if let missing = try await missingUpstream() {
            let caveat = "\(missing): comparing HEAD, which a fetch does not move (new commits are seen only once someone pulls)"
            return RevisionReading(commit: try await commit(of: "HEAD"), caveat: caveat)
        }
        return RevisionReading(commit: try await commit(of: "@{upstream}"))
    }

    /// Why the current branch has no upstream to compare; nil when it has one.
    private func missingUpstream() async throws -> String? {
        let head = ["symbolic-ref", "--quiet", "HEAD"]
        let result = try await shell.capture(ShellCommand("git", head, workingDirectory: workingDirectory))
        // `symbolic-ref --quiet` exits 1, silently, when HEAD is detached.
        if result.termination == .exited(1) && result.standardOutput.isEmpty { return "HEAD is detached" }
        guard result.succeeded else { throw RevisionProbeError.gitFailed(arguments: head, result.termination) }
        let reference = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let upstream = try await run(["for-each-ref", "--format=%(upstream)", reference])
        guard upstream.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        let branch = reference.hasPrefix("refs/heads/") ? String(reference.dropFirst("refs/heads/".count)) : reference
        return "branch \(branch) has no upstream"
    }

    private func commit(of revision: String) async throws -> String {
        let output = try await run(["rev-parse", revision]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !output.isEmpty else { throw RevisionProbeError.noRevision(output) }
        return output
    }

    private func run(_ arguments: [String]) async throws -> String {
        let result = try await shell.capture(ShellCommand("git", arguments, workingDirectory: workingDirectory))
        guard result.succeeded else { throw RevisionProbeError.gitFailed(arguments: arguments, result.termination) }
        return result.standardOutput
    }
}

public enum RevisionProbeError: Error, Sendable, Hashable, CustomStringConvertible {
    case gitFailed(arguments: [String], Termination)
    case noRevision(String)
    /// The scheduler gave up waiting (a `git fetch` hanging on the network).
    case timedOut(after: Duration)

    public var description: String {
        switch self {
        case .timedOut(let limit): "git did not answer within \(DurationFormatting.exact(limit)); stopped it"
        case .gitFailed(let arguments, let termination): "git \(arguments.joined(separator: " ")) failed (\(termination))"
        case .noRevision(let output): "git printed no commit: '\(output)'"
        }
    }
}
