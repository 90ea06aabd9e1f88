import Foundation

/// Poll-SCM: which commit the lane's repository is at now.
public protocol RevisionProbe: Sendable {
    func currentRevision(remote: String?, branch: String?) async throws -> String
}

/// Asks git through the `ShellRunner`: `git ls-remote REMOTE BRANCH` when a remote is configured,
/// else `git fetch` then `git rev-parse HEAD` in the working copy.
public struct GitRevisionProbe: RevisionProbe {
    private let shell: any ShellRunner
    private let workingDirectory: String?

    public init(shell: any ShellRunner, workingDirectory: String?) {
        self.shell = shell
        self.workingDirectory = workingDirectory
    }

    public func currentRevision(remote: String?, branch: String?) async throws -> String {
        if let remote {
            let output = try await run(["ls-remote", remote, branch ?? "HEAD"])
            guard let hash = output.split(whereSeparator: \.isWhitespace).first else { throw RevisionProbeError.noRevision(output) }
            return String(hash)
        }
        _ = try await run(["fetch", "--quiet"])
        let output = try await run(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
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

    public var description: String {
        switch self {
        case .gitFailed(let arguments, let termination): "git \(arguments.joined(separator: " ")) failed (\(termination))"
        case .noRevision(let output): "git printed no commit: '\(output)'"
        }
    }
}
