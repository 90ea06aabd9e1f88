public import Foundation
public import Testing

/// Files of this repository the tests compare with or run (lanes.yml, scripts/jenkins/…).
public enum RepositoryFiles {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let jenkinsScripts = root.appendingPathComponent("scripts/jenkins")

    /// Compares `actual` with the committed file; with `NIGHTSHIFT_RECORD=1` rewrites it and fails
    /// once, so a changed golden is always looked at as a diff.
    public static func expectMatches(_ actual: String, file url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["NIGHTSHIFT_RECORD"] == "1" {
            try Data(actual.utf8).write(to: url, options: .atomic)
            Issue.record("recorded \(url.lastPathComponent); run again without NIGHTSHIFT_RECORD", sourceLocation: sourceLocation)
            return
        }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        guard expected != actual else { return }
        Issue.record(
            "\(url.lastPathComponent) is out of date (NIGHTSHIFT_RECORD=1 rewrites it):\n\(lineDiff(expected, actual))",
            sourceLocation: sourceLocation)
    }

    private static func lineDiff(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        return (0..<max(old.count, new.count)).compactMap { index -> String? in
            let before = index < old.count ? old[index] : nil
            let after = index < new.count ? new[index] : nil
            guard before != after else { return nil }
            return [before.map { "-\($0)" }, after.map { "+\($0)" }].compactMap { $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The absolute path of `name` on PATH, nil when it is not installed.
    public static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// For a short-lived JVM (groovy): the C1 compiler only and the serial collector start faster
    /// and use less CPU than the defaults (about 40% less measured here, on 2 shared cores).
    public static let fastJVM = ["JAVA_OPTS": "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto"]

    /// Runs a tool to completion, with `environment` over this process's; output is collected
    /// through a file, so a chatty tool cannot fill a pipe. Awaited, never waited for: a blocked
    /// cooperative thread (there are two on a 2-core machine) starves every loopback server and
    /// async test in the process (CI saw a FlyingFox handler time out after 60 s beside one).
    /// `timeout`: the tool is terminated past it (`exited` is then false).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval? = nil
    ) async throws -> (status: Int32, output: String, exited: Bool) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("nightshift-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = handle
        process.standardError = handle
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            if let timeout {
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [process] in
                    if process.isRunning { process.terminate() }
                }
            }
        }
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "", process.terminationReason == .exit)
    }
}
