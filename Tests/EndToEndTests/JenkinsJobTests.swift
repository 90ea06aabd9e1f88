import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NightshiftCore
import NightshiftTestSupport
import Testing

@Suite("nightshift run inside a Jenkins job, end to end", .temporaryDirectory)
struct JenkinsJobTests {
    /// The bundled lint lane runs swiftlint, which is not installed here: a shell-only stand-in.
    static let lanes = """
        project: { name: Demo }
        lanes:
          lint:
            steps:
              - sh: 'echo linting; echo "warning: style" >&2'
                name: Lint
        """

    /// A workspace with the lanes file in a checkout folder below it, so the run's current
    /// directory is not the workspace.
    static func workspace() throws -> (workspace: String, checkout: String) {
        let workspace = try makeTemporaryDirectory()
        let checkout = workspace + "/checkout"
        try FileManager.default.createDirectory(atPath: checkout, withIntermediateDirectories: true)
        try lanes.write(toFile: checkout + "/lanes.yml", atomically: true, encoding: .utf8)
        return (workspace, checkout)
    }

    static func jenkins(_ workspace: String) -> [String: String] {
        [
            "JENKINS_URL": "https://ci.example/", "BUILD_NUMBER": "42", "WORKSPACE": workspace,
            "JOB_NAME": "apps/lint", "BUILD_URL": "https://ci.example/job/apps/job/lint/42/", "TERM": "xterm",
        ]
    }

    @Test("run folder under $WORKSPACE/.nightshift, run id with the build number, JUnit properties name the build")
    func runFolderRunIDAndReport() async throws {
        let (workspace, checkout) = try Self.workspace()
        let outcome = try await NightshiftBinary.run(
            ["run", "lint", "--junit", "reports/lint.xml"], in: checkout,
            environment: Self.jenkins(workspace))
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(!(outcome.standardOutput + outcome.standardError).contains("\u{1B}"))
        let runs = try FileManager.default.contentsOfDirectory(atPath: workspace + "/.nightshift/runs/lint")
        #expect(runs.count == 1)
        let runID = try #require(runs.first)
        #expect(runID.contains("-b42-"))
        #expect(FileManager.default.fileExists(atPath: "\(workspace)/.nightshift/runs/lint/\(runID)/01-lint.log"))
        #expect(!FileManager.default.fileExists(atPath: checkout + "/.nightshift"))
        let report = try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: checkout + "/reports/lint.xml")))
        func property(_ name: String) throws -> String? {
            try report.nodes(forXPath: "//testsuite/properties/property[@name='\(name)']/@value").first?.stringValue
        }
        #expect(try property("jenkins.build_number") == "42")
        #expect(try property("jenkins.job_name") == "apps/lint")
        #expect(try property("run_id") == runID)
    }

    @Test("NIGHTSHIFT_RUN_ID, when a launcher sets it, names the run folder even in a Jenkins job")
    func launcherRunIDWins() async throws {
        let (workspace, checkout) = try Self.workspace()
        let environment = Self.jenkins(workspace).merging(["NIGHTSHIFT_RUN_ID": "scheduled-1700000000"]) { _, new in new }
        let outcome = try await NightshiftBinary.run(["run", "lint"], in: checkout, environment: environment)
        #expect(outcome.exitCode == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace + "/.nightshift/runs/lint") == ["scheduled-1700000000"])
    }

    @Test(
        "on a terminal nightshift colours its output; in a Jenkins job, not even on a terminal",
        .enabled(if: NightshiftBinary.terminalWrapper != nil, "script(1) is not installed"))
    func plainOutput() async throws {
        let (workspace, checkout) = try Self.workspace()
        let local = try await NightshiftBinary.runInTerminal(["run", "lint"], in: checkout, environment: ["TERM": "xterm"])
        #expect(local.exitCode == 0)
        #expect(local.standardOutput.contains("\u{1B}["), "the terminal check is void: no colour even outside Jenkins")
        let job = try await NightshiftBinary.runInTerminal(["run", "lint"], in: checkout, environment: Self.jenkins(workspace))
        #expect(job.exitCode == 0)
        #expect(job.standardOutput.contains("linting"))
        #expect(!job.standardOutput.contains("\u{1B}"), "ANSI escapes in a Jenkins job's output:\n\(job.standardOutput)")
    }
}
