import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// A lanes file of scripts needs no `project:`, and a script's unset `${NAME}` stops the run
/// before its first step, with the reference's place.
@Suite("Lanes files of scripts only, end to end", .temporaryDirectory)
struct ShellOnlyLanesTests {
    static let lanes = """
        lanes:
          lint:
            description: Static checks
            schedule: H 2 * * *
            steps:
              - sh: touch lint-ran
          publish:
            steps:
              - sh: touch publish-ran
              - sh: |
                  VERSION=1.0
                  curl -H "Authorization: ${UPLOAD_TOKEN}" "https://example.com/${VERSION}"
        """

    private func project() throws -> String {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("validate, lanes, run --dry-run, export jenkins and next work on a file without project:")
    func inspectionCommands() async throws {
        let directory = try project()
        let commands = [
            ["validate"], ["lanes"], ["run", "lint", "--dry-run"], ["export", "jenkins", "--output", "ci"],
            ["next", "lint", "--count", "1", "--from", "2026-11-22T00:00:00Z"],
        ]
        for command in commands {
            let outcome = try await NightshiftBinary.run(command, in: directory)
            #expect(outcome.exitCode == 0, "\(command): \(outcome.standardError)")
        }
        #expect(FileManager.default.fileExists(atPath: directory + "/ci/Jenkinsfile.publish"))
        let run = try await NightshiftBinary.run(["run", "lint"], in: directory)
        #expect(run.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: directory + "/lint-ran"))
    }

    @Test("a script's unset ${NAME} is a lanes.yml:LINE:COL error at the reference, exit 2, before any step runs")
    func unsetScriptVariable() async throws {
        let directory = try project()
        let outcome = try await NightshiftBinary.run(["run", "publish"], in: directory)
        #expect(outcome.exitCode == 2)
        #expect(
            outcome.standardError.contains(
                "lanes.yml:12:35: error: environment variable 'UPLOAD_TOKEN' is not set (needed by step 'VERSION=1.0' of lane 'publish')"),
            "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/publish-ran"))
        let set = try await NightshiftBinary.run(
            ["run", "publish", "--dry-run"], in: directory, environment: ["UPLOAD_TOKEN": "t0ken-value"])
        #expect(set.exitCode == 0, "\(set.standardError)")
    }
}
