import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

@Suite("nightshift export jenkins, end to end", .temporaryDirectory)
struct ExportJenkinsTests {
    /// The repository: its lanes.yml and the goldens in scripts/jenkins/.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A folder holding a copy of the repository's lanes.yml.
    static func folderWithBundledLanes() throws -> String {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(atPath: repository + "/lanes.yml", toPath: directory + "/lanes.yml")
        return directory
    }

    static func expectSame(_ path: String, asGolden name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let written = try String(contentsOfFile: path, encoding: .utf8)
        let golden = try String(contentsOfFile: repository + "/scripts/jenkins/" + name, encoding: .utf8)
        #expect(written == golden, "\(name) differs:\n\(Golden.diff(expected: golden, actual: written))", sourceLocation: sourceLocation)
    }

    @Test("writes jenkins/Jenkinsfile.<lane> for every lane, identical to scripts/jenkins/, and says so")
    func everyLane() async throws {
        let directory = try Self.folderWithBundledLanes()
        let outcome = try await NightshiftBinary.run(["export", "jenkins"], in: directory)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let names = ["Jenkinsfile.developer-release", "Jenkinsfile.qa-release", "Jenkinsfile.lint"]
        #expect(outcome.standardOutput == names.map { "wrote jenkins/\($0)\n" }.joined())
        #expect(outcome.standardError.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/jenkins").sorted() == names.sorted())
        for name in names { try Self.expectSame(directory + "/jenkins/" + name, asGolden: name) }
    }

    @Test("--single --output writes one Jenkinsfile, identical to Jenkinsfile.single, and warns about the schedules")
    func single() async throws {
        let directory = try Self.folderWithBundledLanes()
        let outcome = try await NightshiftBinary.run(["export", "jenkins", "--single", "--output", "ci"], in: directory)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "wrote ci/Jenkinsfile\n")
        try Self.expectSame(directory + "/ci/Jenkinsfile", asGolden: "Jenkinsfile.single")
        let warnings = outcome.standardError.split(separator: "\n")
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.contains(": warning: the single Jenkinsfile has no trigger") })
    }

    @Test("an unknown lane exits 2 with a did-you-mean and writes nothing")
    func unknownLane() async throws {
        let directory = try Self.folderWithBundledLanes()
        let outcome = try await NightshiftBinary.run(["export", "jenkins", "lint", "qa-relase"], in: directory)
        #expect(outcome.exitCode == 2)
        #expect(
            outcome.standardError == """
                error: no lane named 'qa-relase'
                note: did you mean 'qa-release'?
                note: lanes: developer-release, qa-release, lint

                """)
        #expect(!FileManager.default.fileExists(atPath: directory + "/jenkins"))
    }

    @Test("an invalid lanes file exits 2 with its diagnostics and writes nothing")
    func invalidFile() async throws {
        let directory = try makeTemporaryDirectory()
        try "project: { name: x }\nlanes:\n  a:\n    stpes: []\n".write(toFile: directory + "/ci.yml", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(["export", "jenkins", "--file", "ci.yml"], in: directory)
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.contains("ci.yml:4:5: error: unknown key 'stpes' in lane 'a'"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/jenkins"))
    }

    @Test("a seed other than the lane name is warned about on stderr; --file elsewhere is passed on")
    func seedWarningAndFile() async throws {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/ci", withIntermediateDirectories: true)
        try """
        project: { name: Demo }
        lanes:
          nightly:
            schedule: { cron: "H 2 * * *", seed: apps/brewer-nightly }
            steps:
              - sh: make nightly
        """.write(toFile: directory + "/ci/lanes.yml", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(["export", "jenkins", "--file", "./ci/lanes.yml"], in: directory)
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError.contains("ci/lanes.yml:4:23: warning: lane 'nightly' hashes H by its seed 'apps/brewer-nightly'"))
        let text = try String(contentsOfFile: directory + "/jenkins/Jenkinsfile.nightly", encoding: .utf8)
        #expect(
            text.contains(
                "sh '.build/release/nightshift run nightly --file ci/lanes.yml --junit reports/nightly.xml --html reports/html/nightly'\n"))
        #expect(text.contains("// Name this Pipeline job 'apps/brewer-nightly'"))
    }
}
