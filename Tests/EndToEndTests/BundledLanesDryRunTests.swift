import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// `nightshift run <lane> --dry-run --env example` on the repository's own lanes.yml and
/// .env.example (the README's main command), compared with `Golden/dry-run-<lane>.txt`. The
/// temporary folder and the run id are replaced by placeholders so the goldens are stable.
@Suite("dry runs of the bundled lanes.yml", .temporaryDirectory)
struct BundledLanesDryRunTests {
    static let repository = SigningFixtures.repositoryRoot.path

    @Test("each bundled lane prints its whole command sequence, secrets masked", arguments: ["developer-release", "qa-release", "lint"])
    func dryRun(lane: String) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["lanes.yml", ".env.example"] {
            try FileManager.default.copyItem(atPath: "\(Self.repository)/\(name)", toPath: "\(directory)/\(name)")
        }
        let outcome = try await NightshiftBinary.run(["run", lane, "--dry-run", "--env", "example"], in: directory)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        // The key id (ABC123DEFG in .env.example) names the key and is printed; the key is not.
        for secret in ["example-keychain-password", "example-certificate-password"] {
            #expect(!outcome.standardOutput.contains(secret))
        }
        Golden.assertMatches(
            Self.normalised(outcome.standardOutput, directory: directory),
            file: Golden.folder() + "/Golden/dry-run-\(lane).txt")
    }

    static func normalised(_ text: String, directory: String) -> String {
        let runID = try! Regex(#"/runs/([^/]+)/[0-9A-Za-z._-]+/"#)
        // A test step's simulators are named after the run: `nightshift-<run-id>-<shard>`.
        let simulator = try! Regex(#"nightshift-[0-9]{8}-[0-9]{6}-[0-9]+-"#)
        return text.replacingOccurrences(of: directory, with: "<dir>")
            .replacing(runID) { match in "/runs/\(match.output[1].substring ?? "")/<run-id>/" }
            .replacing(simulator, with: "nightshift-<run-id>-")
    }
}
