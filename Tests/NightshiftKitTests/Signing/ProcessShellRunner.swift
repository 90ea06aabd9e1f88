import Foundation
import NightshiftKit

/// A real-process `ShellRunner` for the signing integration tests (the production runner lives in
/// another branch). Runs each command to completion with `environment` plus the command's own.
struct ProcessShellRunner: ShellRunner {
    var environment: [String: String]

    func run(
        _ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void
    ) async throws -> Termination {
        let merged = environment.merging(command.environment) { _, new in new }
        let result = try runProcess("/usr/bin/env", command.argv, environment: merged, input: command.standardInput)
        if !result.output.isEmpty { await onOutput(.standardOutput, Array(result.output.utf8)) }
        if !result.error.isEmpty { await onOutput(.standardError, Array(result.error.utf8)) }
        return .exited(result.status)
    }
}
