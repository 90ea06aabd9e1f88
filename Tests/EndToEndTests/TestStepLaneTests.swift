import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// `test:` through the binary, with the fake xcodebuild, simctl, xcresulttool and xccov first on
/// PATH (Tests/EndToEndTests/FakeTools): shards, re-runs, crashes, interruption; and `swift
/// test` for real on a small package.
@Suite("test: step end to end", .temporaryDirectory)
struct TestStepLaneTests {
    static let tests = """
        BrewerTests/LedgerTests/testRounding()\t0.5\tpass
        BrewerTests/LedgerTests/testTotals()\t0.2\tflaky
        BrewerTests/BrewTests/testSteep()\t1\tpass
        BrewerTests/BrewTests/testPour()\t0.3\tpass
        BrewerTests/CupTests/testSize()\t1\tpass
        BrewerTests/CupTests/testLid()\t0\tskip
        BrewerUITests/LaunchTests/testLaunch()\t2\tpass

        """

    struct Project {
        let directory: String
        let log: String

        init(step: String, tests: String = TestStepLaneTests.tests) throws {
            directory = try makeTemporaryDirectory()
            log = directory + "/fake.log"
            try tests.write(toFile: directory + "/tests.tsv", atomically: true, encoding: .utf8)
            try """
            project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
            lanes:
              nightly:
                steps:
                  - \(step)
                  - sh: test ! -f fail-after && echo after > after.txt
            """.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        }

        var environment: [String: String] {
            [
                "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin", "NIGHTSHIFT_FAKE_LOG": log,
                "FAKE_TESTS": directory + "/tests.tsv",
            ]
        }

        func run(_ extra: [String: String] = [:], arguments: [String] = []) async throws -> NightshiftBinary.Outcome {
            try await NightshiftBinary.run(
                ["run", "nightly"] + arguments, in: directory, environment: environment.merging(extra) { $1 })
        }

        /// The fake tools' argv records, as argument lists.
        var records: [[String]] {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map {
                $0.split(separator: "\0", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
            }
        }

        /// UDIDs simctl created (as the fake printed them, from its state) and deleted.
        var createdNames: [String] { records.filter { $0.starts(with: ["xcrun", "simctl", "create"]) }.map { $0[3] } }
        var deletedUDIDs: [String] { records.filter { $0.starts(with: ["xcrun", "simctl", "delete"]) }.map { $0[3] } }
        var simulatorsLeft: [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: directory + "/.fake-simctl/default")) ?? []
        }

        func junit() throws -> String {
            let runs = directory + "/.nightshift/runs/nightly"
            let run = try #require(try FileManager.default.contentsOfDirectory(atPath: runs).first)
            let tests = "\(runs)/\(run)/output/tests"
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: tests).first { $0.hasSuffix(".junit.xml") })
            return try String(contentsOfFile: "\(tests)/\(file)", encoding: .utf8)
        }
    }

    @Test("three shards on three fresh simulators, a flaky test re-run once: passes, one testcase each, simulators gone")
    func shardsAndRetries() async throws {
        let project = try Project(step: "test: { destination: { device: iPhone 8, os: \"16.0\" }, shards: 3, retries: 2 }")
        let outcome = try await project.run(arguments: ["--junit", "reports/nightly.xml"])
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("6 passed, 0 failed, 1 skipped, 1 flaky (passed on retry 1)"))
        #expect(outcome.standardOutput.contains("⚠ LedgerTests.testTotals() is flaky"))
        // Built once, three shards of whole classes side by side, then one re-run of the one failure.
        let builds = project.records.filter { $0.contains("build-for-testing") }
        #expect(builds.count == 1)
        let shards = project.records.filter { $0.contains("-resultBundlePath") && !$0.contains("-enumerate-tests") }
        #expect(shards.count == 4)
        let only = shards.prefix(3).map { record in record.indices.filter { record[$0] == "-only-testing" }.map { record[$0 + 1] } }
        #expect(
            Set(only.flatMap { $0 }) == [
                "BrewerTests/LedgerTests", "BrewerTests/BrewTests", "BrewerTests/CupTests", "BrewerUITests/LaunchTests",
            ])
        #expect(shards.last?.suffix(2) == ["-only-testing", "BrewerTests/LedgerTests/testTotals()"])
        // Three simulators named as nightshift's, each deleted; someone else's never touched.
        #expect(project.createdNames.count == 3)
        #expect(project.createdNames.allSatisfy { $0.hasPrefix("nightshift-") })
        #expect(project.deletedUDIDs.count == 3)
        #expect(!project.deletedUDIDs.contains("D64FA78C-5A25-4BF3-9EE8-855761042DEE"))
        #expect(project.simulatorsLeft.isEmpty)
        let junit = try project.junit()
        #expect(junit.contains(#"<testsuites name="test" tests="7" failures="0" errors="0" skipped="1""#))
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 7)
        #expect(junit.contains("<flakyFailure"))
        // The per-test file's stable name (lane, then the step's place), in the run folder and beside --junit.
        let beside = try String(contentsOfFile: project.directory + "/reports/nightly-1.tests.junit.xml", encoding: .utf8)
        #expect(beside == junit)
        #expect(
            outcome.standardOutput.contains("junit: \(project.directory)/reports/nightly-1.tests.junit.xml"), "\(outcome.standardOutput)")
        let runs = project.directory + "/.nightshift/runs/nightly"
        let run = try #require(try FileManager.default.contentsOfDirectory(atPath: runs).first)
        #expect(FileManager.default.fileExists(atPath: "\(runs)/\(run)/output/tests/nightly-1.tests.junit.xml"))
    }

    @Test("a test that fails every time: the step fails after its re-runs, names it, the lane stops, simulators gone")
    func failingTest() async throws {
        let tests = Self.tests.replacingOccurrences(of: "testPour()\t0.3\tpass", with: "testPour()\t0.3\tfail")
        let project = try Project(step: "test: { destination: { device: iPhone 8 }, shards: 2, retries: 1 }", tests: tests)
        let outcome = try await project.run()
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.contains("✘ BrewTests.testPour() — "))
        #expect(outcome.standardOutput.contains("1 failed"))
        #expect(outcome.standardOutput.contains("tests failed: 1 test failed"))
        #expect(!FileManager.default.fileExists(atPath: project.directory + "/after.txt"))
        #expect(project.simulatorsLeft.isEmpty)
        let junit = try project.junit()
        #expect(junit.contains("<failure"))
        #expect(junit.contains("<rerunFailure"))
    }

    @Test("a crash mid-run: the step fails and says the test crashed; a runner that never starts: says so")
    func crashes() async throws {
        let tests = Self.tests.replacingOccurrences(of: "testSteep()\t1\tpass", with: "testSteep()\t1\tcrash")
        let crashed = try Project(step: "test: { destination: { device: iPhone 8 } }", tests: tests)
        let outcome = try await crashed.run()
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.contains("Test crashed with signal kill."))
        #expect(crashed.simulatorsLeft.isEmpty)

        let neverStarted = try Project(step: "test: { destination: { device: iPhone 8 } }")
        let early = try await neverStarted.run(["FAKE_XCODEBUILD_RUNNER": "crash"])
        #expect(early.exitCode == 1)
        #expect(early.standardOutput.contains("BrewerTests-Runner (4242) encountered an error"))
        #expect(neverStarted.simulatorsLeft.isEmpty)

        let noBundle = try Project(step: "test: { destination: { device: iPhone 8 } }")
        let nothing = try await noBundle.run(["FAKE_XCODEBUILD_RUNNER": "nobundle"])
        #expect(nothing.exitCode == 1)
        #expect(nothing.standardOutput.contains("shard 1: xcodebuild exit code 65 and wrote no result bundle"))
        #expect(nothing.standardOutput.contains("Failed to install or launch the test runner"))
        // Jenkins' junit step still finds a report (an empty one).
        #expect(try noBundle.junit().contains(#"tests="0""#))
        #expect(noBundle.simulatorsLeft.isEmpty)
    }

    @Test("names checked before the build: an unknown scheme or device gets a did-you-mean, nothing is built or created")
    func unknownNames() async throws {
        let scheme = try Project(step: "test: { scheme: Brewr }")
        let wrongScheme = try await scheme.run()
        #expect(wrongScheme.exitCode == 1)
        #expect(wrongScheme.standardOutput.contains("has no scheme 'Brewr'; did you mean 'Brewer'?"))
        #expect(!scheme.records.contains { $0.contains("build-for-testing") })

        let device = try Project(step: "test: { destination: { device: iPhone 88 } }")
        let wrongDevice = try await device.run()
        #expect(wrongDevice.exitCode == 1)
        #expect(wrongDevice.standardOutput.contains("no simulator device type is named 'iPhone 88'; did you mean 'iPhone 8'?"))
        #expect(device.createdNames.isEmpty)
    }

    @Test("an xcresulttool older than Xcode 16: the step fails saying which Xcode it needs")
    func oldXcresulttool() async throws {
        let project = try Project(step: "test: { destination: { device: iPhone 8 } }")
        let outcome = try await project.run(["FAKE_XCRESULTTOOL": "old"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.contains("needs Xcode 16 or later"))
        #expect(project.simulatorsLeft.isEmpty)
    }

    @Test("SIGTERM mid-test: exit 143, every simulator created is deleted")
    func interrupted() async throws {
        let tests = "BrewerTests/SlowTests/testSlow()\t60\tpass\nBrewerTests/OtherTests/testSlow()\t60\tpass\n"
        let project = try Project(step: "test: { destination: { device: iPhone 8 }, shards: 2 }", tests: tests)
        async let outcome = project.run(["FAKE_TEST_HOLD": "1", "FAKE_XCODEBUILD_PIDFILE": project.directory + "/nightshift.pid"])
        let pid = try await SignalTests.waitForPID(in: project.directory + "/nightshift.pid")
        await waitUntil("both shards' simulators", checkingEvery: .milliseconds(25)) { project.simulatorsLeft.count == 2 }
        kill(pid, SIGTERM)
        let result = try await outcome
        #expect(result.exitCode == 143)
        #expect(project.createdNames.count == 2)
        #expect(project.deletedUDIDs.count == 2)
        #expect(project.simulatorsLeft.isEmpty)
    }

    @Test("--resume: after failed tests only the tests run again (build-for-testing reused); after a later failure the test step is reused")
    func resume() async throws {
        let failing = Self.tests.replacingOccurrences(of: "testPour()\t0.3\tpass", with: "testPour()\t0.3\tfail")
        let project = try Project(step: "test: { destination: { device: iPhone 8 } }", tests: failing)
        #expect(try await project.run().exitCode == 1)
        // The test is fixed (or was flaky): the resumed run tests again without building.
        try Self.tests.write(toFile: project.directory + "/tests.tsv", atomically: true, encoding: .utf8)
        try Data().write(to: URL(fileURLWithPath: project.directory + "/fail-after"))
        let plan = try await project.run(arguments: ["--resume", "--dry-run"])
        #expect(plan.standardOutput.contains("build-for-testing reused: inputs unchanged"), "\(plan.standardOutput)")
        let resumed = try await project.run(arguments: ["--resume"])
        #expect(resumed.exitCode == 1)
        #expect(resumed.standardOutput.contains("build-for-testing reused: inputs unchanged"))
        #expect(project.records.filter { $0.contains("build-for-testing") }.count == 1)
        #expect(project.records.filter { $0.contains("-resultBundlePath") }.count == 2)
        // Now the step after it failed: a further resumption reuses the passed test step whole.
        try FileManager.default.removeItem(atPath: project.directory + "/fail-after")
        let again = try await project.run(arguments: ["--resume"])
        #expect(again.exitCode == 0, "\(again.standardOutput)")
        #expect(again.standardOutput.contains("test reused"))
        #expect(project.records.filter { $0.contains("-resultBundlePath") }.count == 2)
        #expect(project.simulatorsLeft.isEmpty)
    }

    @Test("--resume after failed tests in a git repository: a tracked source edited since is built again, never tested stale")
    func resumeAfterAnEdit() async throws {
        let failing = Self.tests.replacingOccurrences(of: "testPour()\t0.3\tpass", with: "testPour()\t0.3\tfail")
        let project = try Project(step: "test: { destination: { device: iPhone 8 } }", tests: failing)
        try "let pour = 1\n".write(toFile: project.directory + "/Pour.swift", atomically: true, encoding: .utf8)
        let identity = ["-c", "user.name=Test", "-c", "user.email=test@example.com"]
        for arguments in [["init", "-q"], ["add", "lanes.yml", "Pour.swift"], ["commit", "-q", "-m", "first"]] {
            let git = try await NightshiftBinary.runTool("/usr/bin/git", identity + arguments, in: project.directory)
            #expect(git.exitCode == 0, "git \(arguments): \(git.standardError)")
        }
        #expect(try await project.run().exitCode == 1)
        // The plan says what the run does: nothing changed, the build is reused.
        let unchanged = try await project.run(arguments: ["--resume", "--dry-run"])
        #expect(unchanged.standardOutput.contains("build-for-testing reused: inputs unchanged"), "\(unchanged.standardOutput)")
        // The fix is in a tracked file, not committed yet: the tests must run against it.
        try "let pour = 2\n".write(toFile: project.directory + "/Pour.swift", atomically: true, encoding: .utf8)
        try Self.tests.write(toFile: project.directory + "/tests.tsv", atomically: true, encoding: .utf8)
        let plan = try await project.run(arguments: ["--resume", "--dry-run"])
        #expect(plan.exitCode == 0, "\(plan.standardOutput)\(plan.standardError)")
        #expect(plan.standardOutput.contains("xcodebuild build-for-testing"))
        #expect(!plan.standardOutput.contains("build-for-testing reused"))
        let resumed = try await project.run(arguments: ["--resume"])
        #expect(resumed.exitCode == 0, "\(resumed.standardOutput)\(resumed.standardError)")
        #expect(!resumed.standardOutput.contains("build-for-testing reused"))
        #expect(project.records.filter { $0.contains("build-for-testing") }.count == 2)
        #expect(project.simulatorsLeft.isEmpty)
    }
}
