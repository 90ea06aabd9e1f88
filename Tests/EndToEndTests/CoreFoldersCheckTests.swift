import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `scripts/core-folders` against a seeded tree: a cycle between two folders fails the run and is
/// named, a member an extension adds counts for the folder that wrote it, names in comments and
/// strings do not count; and the repository's NightshiftCore has no cycle (ARCHITECTURE.md).
@Suite("core-folders", .temporaryDirectory)
struct CoreFoldersCheckTests {
    static let script = SigningFixtures.repositoryRoot.appendingPathComponent("scripts/core-folders").path
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Model uses Secrets' `Policy`, and Secrets extends Model's `Lane`: a cycle. Text uses `Lane`
    /// and the `masked` that Secrets adds to it; Limits names both only in a comment and a string.
    static let seeded: [(folder: String, file: String, text: String)] = [
        ("Model", "Lane.swift", "public struct Lane {\n    public var policy: Policy { Policy() }\n}\n"),
        ("Secrets", "Policy.swift", "public struct Policy {}\n\nextension Lane {\n    public var masked: String { \"\" }\n}\n"),
        ("Text", "Words.swift", "func words(_ lane: Lane) -> String { lane.masked }\n"),
        ("Limits", "Bounds.swift", "// Lane and Policy are named in this comment only\nlet bounds = \"Lane Policy masked \\(1)\"\n"),
    ]

    @Test(
        "a cycle between folders fails the run and is named; extension members count, comments and strings do not",
        .enabled(if: python != nil, "needs python3, which the script is written in"))
    func seededCycle() async throws {
        let root = try TemporaryDirectory.make("core-folders")
        for file in Self.seeded {
            let folder = "\(root)/Sources/NightshiftCore/\(file.folder)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try file.text.write(toFile: "\(folder)/\(file.file)", atomically: true, encoding: .utf8)
        }
        let outcome = try await Self.check(root)
        #expect(outcome.code == 1, "\(outcome.output)")
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("cycle: Model <-> Secrets"), "\(outcome.output)")
        #expect(lines.contains("  Text -> Model, Secrets"), "\(outcome.output)")
        #expect(lines.contains("  Limits -> -"), "\(outcome.output)")
        #expect(lines.first?.hasPrefix("Sources/NightshiftCore: ") == true && lines.first?.contains("4 files in 4 folders") == true)
    }

    @Test(
        "the repository's NightshiftCore uses its folders in one direction",
        .enabled(if: python != nil, "needs python3, which the script is written in"))
    func repositoryHasNoCycle() async throws {
        let outcome = try await Self.check(SigningFixtures.repositoryRoot.path)
        #expect(outcome.code == 0, "\(outcome.output)")
        #expect(outcome.output.contains("no cycles"))
    }

    private static func check(_ root: String) async throws -> (code: Int32?, output: String) {
        let runner = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let result = try await runner.capture(ShellCommand(try #require(python), [script, "--root", root]))
        guard case .exited(let code) = result.termination else { return (nil, result.standardError) }
        return (code, result.standardOutput + result.standardError)
    }
}
