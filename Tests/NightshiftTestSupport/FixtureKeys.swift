import Foundation
import NightshiftSystem

/// 2048-bit RSA keys for signing fixtures, made once per test process and name: making a key is
/// most of a fixture's CPU time (perf over the library tests: openssl's `BN_*` alone was 7% of the
/// run), and a run makes a few hundred fixtures. Keys of different names differ, so a test that
/// makes two identities still gets two keys; fixtures of one name in different tests share one.
public actor FixtureKeys {
    public static let shared = FixtureKeys()

    private var made: [String: Task<String, any Error>] = [:]

    /// The PEM of the key named `name`.
    public func pem(_ name: String) async throws -> String {
        if let task = made[name] { return try await task.value }
        let task = Task { try await Self.generate() }
        made[name] = task
        return try await task.value
    }

    /// Writes the key named `name` to `<folder>/<name>.key`, and returns its path.
    public func file(_ name: String, in folder: String) async throws -> String {
        try await write(name, to: "\(folder)/\(name).key")
    }

    /// Writes the key named `name` to the new file `path` (mode 0600), and returns `path`.
    @discardableResult
    public func write(_ name: String, to path: String) async throws -> String {
        guard FileManager.default.createFile(atPath: path, contents: Data(try await pem(name).utf8), attributes: [.posixPermissions: 0o600])
        else { throw FixtureError(message: "cannot write \(path)") }
        return path
    }

    private static func generate() async throws -> String {
        let result = try await ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
            .capture(ShellCommand("openssl", ["genrsa", "2048"]))
        guard result.succeeded else { throw FixtureError(message: "openssl genrsa: \(result.failureDetail)") }
        return result.standardOutput
    }
}
