import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NightshiftCore
import NightshiftTestSupport
import Testing

@Suite("nightshift run, end to end", .temporaryDirectory)
struct RunLaneTests {
    static let lanes = """
        project: { name: Demo }
        secrets: [DEPLOY_TOKEN]
        lanes:
          ok:
            steps:
              - sh: echo "hello from $NAME"
                env: { NAME: nightshift }
              - sh: echo "token is $DEPLOY_TOKEN" >&2
          broken:
            steps:
              - sh: echo about to fail; exit 7
                name: Compile
              - sh: echo never
              - sh: echo cleaning > cleaned.txt
                always: true
          nested:
            steps:
              - lane: ok
              - sh: make release
        """

    @Test("runs real shell steps, masks secrets, exits 0")
    func passingLane() async throws {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(
            ["run", "ok", "--json", "report.json"], in: directory,
            environment: ["DEPLOY_TOKEN": "hunter2-secret"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.contains("hello from nightshift"))
        #expect(outcome.standardOutput.contains("token is ********"))
        #expect(!outcome.standardOutput.contains("hunter2-secret"))
        let report = try String(contentsOfFile: directory + "/report.json", encoding: .utf8)
        #expect(report.contains("\"status\" : \"passed\""))
        let logs = try FileManager.default.subpathsOfDirectory(atPath: directory + "/.nightshift/runs/ok")
        #expect(logs.contains { $0.hasSuffix(".log") })
    }

    @Test("--html \"\" is a usage error: exit 2, the option named, no step run and no report in the current folder")
    func emptyReportPath() async throws {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        for option in ["--html", "--junit", "--json"] {
            let outcome = try await NightshiftBinary.run(["run", "ok", option, ""], in: directory)
            #expect(outcome.exitCode == 2, "\(option)")
            #expect(outcome.standardError.contains("\(option) needs a path; it was given an empty one"), "\(outcome.standardError)")
            #expect(!outcome.standardOutput.contains("hello from"))
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/index.html"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/.nightshift"))
    }

    @Test("a lane named like a secret's value: masked in the header, summary, run folder, reports and a did-you-mean")
    func laneNamedLikeASecret() async throws {
        let directory = try makeTemporaryDirectory()
        try """
        project: { name: Demo }
        lanes:
          deploy-x7k2q9:
            steps:
              - sh: echo hello
        """.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let secret = ["API_TOKEN": "deploy-x7k2q9"]
        let result = try await NightshiftBinary.run(
            ["run", "deploy-x7k2q9", "--junit", "junit.xml", "--json", "run.json"], in: directory, environment: secret)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("hello"))
        let junit = try String(contentsOfFile: directory + "/junit.xml", encoding: .utf8)
        let json = try String(contentsOfFile: directory + "/run.json", encoding: .utf8)
        let folders = try FileManager.default.subpathsOfDirectory(atPath: directory + "/.nightshift")
        for (place, text) in [
            ("stdout", result.standardOutput), ("stderr", result.standardError), ("JUnit", junit), ("JSON", json),
            ("run folders", folders.joined(separator: "\n")),
        ] {
            #expect(!text.contains("x7k2q9"), "the lane's name shows in \(place)")
        }
        let typo = try await NightshiftBinary.run(["run", "deploy-x7k2q"], in: directory, environment: secret)
        #expect(typo.exitCode == 2)
        #expect(typo.standardError.contains("did you mean '********'?"))
        #expect(!typo.standardError.contains("x7k2q9"))
    }

    @Test("--json through a relative symlink lands in the file it names; --json /dev/stdout lands on stdout")
    func reportPaths() async throws {
        let directory = try makeTemporaryDirectory()
        try "lanes:\n  hello: { steps: [ { sh: echo hi } ] }\n".write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/reports", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.json", withDestinationPath: "reports/out.json")
        let linked = try await NightshiftBinary.run(["run", "hello", "--json", "link.json"], in: directory)
        #expect(linked.exitCode == 0)
        #expect(try String(contentsOfFile: directory + "/reports/out.json", encoding: .utf8).contains("\"lane\" : \"hello\""))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.json") == "reports/out.json")
        let piped = try await NightshiftBinary.run(["run", "hello", "--json", "/dev/stdout"], in: directory)
        #expect(piped.exitCode == 0)
        #expect(piped.standardOutput.contains("\"lane\" : \"hello\""))
    }

    @Test("a lane named twice runs twice, each run in a folder of its own")
    func laneTwice() async throws {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(["run", "ok", "ok"], in: directory)
        #expect(outcome.exitCode == 0)
        let runs = try FileManager.default.contentsOfDirectory(atPath: directory + "/.nightshift/runs/ok")
        #expect(runs.count == 2)
        #expect(runs.contains { $0.hasSuffix("-2") })
    }

    @Test("a passing run whose report cannot be written exits 1 and says so")
    func unwritableReport() async throws {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try "a file, not a folder".write(toFile: directory + "/reports", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(["run", "ok", "--junit", "reports/ok.xml"], in: directory)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardError.contains("error: cannot write report"))
    }

    @Test("a failing step exits 1, names the step, runs always steps, writes JUnit")
    func failingLane() async throws {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(["run", "broken", "--junit", "reports/broken.xml"], in: directory)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.contains("'Compile' failed with exit code 7"))
        #expect(!outcome.standardOutput.contains("never\n"))
        #expect(FileManager.default.fileExists(atPath: directory + "/cleaned.txt"))
        let junit = try Data(contentsOf: URL(fileURLWithPath: directory + "/reports/broken.xml"))
        let document = try XMLDocument(data: junit)
        let failures = try document.nodes(forXPath: "//testcase[@name='Compile']/failure")
        #expect(failures.count == 1)
        #expect(failures.first?.stringValue?.contains("about to fail") == true)
        #expect(try document.nodes(forXPath: "//testcase").count == 3)
    }

    @Test("--dry-run reads as a run: the lane header, each step (called lanes' indented) with its command, a closing line; nothing runs")
    func dryRun() async throws {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(["run", "nested", "--dry-run"], in: directory)
        #expect(outcome.exitCode == 0)
        // Piped, as under Jenkins: a real run would stamp each line; a dry run times nothing.
        #expect(
            outcome.standardOutput == """
                lane nested (dry run: each command is shown, none is run)
                  ▶ echo "hello from $NAME"
                      $ echo "hello from $NAME"
                ✔ echo "hello from $NAME"
                  ▶ echo "token is $DEPLOY_TOKEN" >&2
                      $ echo "token is $DEPLOY_TOKEN" >&2
                ✔ echo "token is $DEPLOY_TOKEN" >&2
                ▶ make release
                    $ make release
                ✔ make release

                dry run of lane nested passed: 3 steps would run; nothing was executed

                """)
    }

    @Test("a bad lanes.yml exits 2 with file:line:column before running anything")
    func badFile() async throws {
        let directory = try makeTemporaryDirectory()
        try "project: { name: x }\nlanes:\n  a:\n    stpes: []\n".write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(["run", "a"], in: directory)
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.contains("lanes.yml:4:5: error: unknown key 'stpes' in lane 'a'"))
    }

    @Test("an unknown lane exits 2 and lists the lanes")
    func unknownLane() async throws {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(["run", "bork"], in: directory)
        #expect(outcome.exitCode == 2)
        #expect(outcome.standardError.contains("lanes: ok, broken, nested"))
    }
}
