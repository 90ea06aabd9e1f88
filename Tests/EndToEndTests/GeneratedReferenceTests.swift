import Foundation
import NightshiftTestSupport
import Testing

/// Docs/Reference.md and the man page are what scripts/generate-reference writes from this
/// binary's schema and help: a key or an option changed without regenerating them fails here.
@Suite("the generated reference and man page")
struct GeneratedReferenceTests {
    @Test("Docs/Reference.md and Docs/nightshift.1 are current (scripts/generate-reference rewrites them)")
    func referenceIsCurrent() async throws {
        let script = RepositoryFiles.root.appendingPathComponent("scripts/generate-reference").path
        let result = try await RepositoryFiles.run("/usr/bin/env", ["python3", script, "--nightshift", NightshiftBinary.path, "--check"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("The reference names every key of the schema and every command")
    func referenceIsWhole() throws {
        let text = try String(contentsOf: RepositoryFiles.root.appendingPathComponent("Docs/Reference.md"), encoding: .utf8)
        for command in [
            "run", "lanes", "validate", "profiles", "cron", "next", "schedule", "history", "export jenkins", "schema", "init", "doctor",
        ] {
            #expect(text.contains("### `nightshift \(command)`"), "\(command)")
        }
        for key in [
            "`project.workspace`", "`lanes.<lane>.steps`", "`configurations.<configuration>.profiles`", "`test.shards`", "`retry.backoff`",
        ] {
            #expect(text.contains(key), "\(key)")
        }
    }
}
