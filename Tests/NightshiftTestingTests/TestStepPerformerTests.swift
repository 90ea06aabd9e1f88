import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import NightshiftTesting
import Testing

@Suite("TestStepPerformer against a scripted shell", .temporaryDirectory)
struct TestStepPerformerTests {
    static func settings(shards: Int = 1, retries: Int = 0, device: String = "iPhone 8", os: String? = "16.0") -> TestStepSettings {
        TestStepSettings(
            subject: .xcode(scheme: nil, testPlan: nil, destination: .simulator(device: Template(device), os: os.map { Template($0) })),
            retries: retries, shards: shards)
    }

    static func onlyTesting(_ argv: [String]) -> [String] {
        argv.indices.filter { argv[$0] == "-only-testing" }.map { argv[$0 + 1] }
    }

    static func isTestRun(_ argv: [String]) -> Bool {
        argv.starts(with: ["xcodebuild", "test-without-building", "-xctestrun"])
    }

    @Test("a device type that does not exist: did-you-mean with the types that do, before anything is built or created")
    func unknownDevice() async throws {
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make())
        try await fixture.scriptTools()
        let settings = Self.settings(device: "iPhone 8 Plsu")
        await #expect {
            try await TestStepPerformer().perform(Step(.test(settings)), in: fixture.context(settings))
        } throws: { error in
            (error as? StepFailure)?.message.contains("did you mean 'iPhone 8 Plus'?") == true
                && (error as? StepFailure)?.reason == .simulatorUnavailable
        }
        let commands = await fixture.commands
        #expect(!commands.contains { $0.contains("create") || $0.contains("build-for-testing") })
        #expect(await fixture.scripted.unscripted.isEmpty)
    }

    @Test("re-runs only the tests still failing, each by -only-testing, without building again")
    func retriesOnlyFailures() async throws {
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make())
        try await fixture.scriptTools()
        await fixture.scripted.on(["xcodebuild", "build-for-testing"], .succeeds)
        await fixture.scripted.on(
            ["xcodebuild", "test-without-building"], .output([], .exited(65)), .output([], .exited(65)), .output([], .exited(65)))
        await fixture.scriptResults(
            "\(fixture.tests)/shard-1.xcresult",
            [("BrewerTests/A/testA()", "Passed"), ("BrewerTests/A/testB()", "Failed"), ("BrewerTests/C/testC()", "Failed")])
        await fixture.scriptResults(
            "\(fixture.tests)/retry-1.xcresult", [("BrewerTests/A/testB()", "Passed"), ("BrewerTests/C/testC()", "Failed")])
        await fixture.scriptResults("\(fixture.tests)/retry-2.xcresult", [("BrewerTests/C/testC()", "Failed")])
        let settings = Self.settings(retries: 2)
        let details = StepDetails()
        await #expect {
            try await TestStepPerformer().perform(Step(.test(settings)), in: fixture.context(settings, details: details))
        } throws: { error in
            (error as? StepFailure)?.reason == .testsFailed
        }
        let runs = await fixture.commands.filter(Self.isTestRun)
        #expect(runs.map(Self.onlyTesting) == [[], ["BrewerTests/A/testB()", "BrewerTests/C/testC()"], ["BrewerTests/C/testC()"]])
        #expect(await fixture.commands.filter { $0.contains("build-for-testing") }.count == 1)
        let report = try #require(await details.tests)
        #expect(report.tally == TestTally(passed: 2, failed: 1, flaky: 1))
        #expect(await fixture.scripted.unscripted.isEmpty)
    }

    @Test("recorded durations balance the shards: the longest class first, into the least-loaded shard")
    func balancedShards() async throws {
        let tests = ["BrewerTests/A/a()", "BrewerTests/B/b()", "BrewerTests/C/c()", "BrewerTests/D/d()"]
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make(), enumerated: tests)
        try await fixture.scriptTools(shards: 2)
        await fixture.scripted.on(["xcodebuild", "build-for-testing"], .succeeds)
        await fixture.scripted.on(["xcodebuild", "test-without-building"], .succeeds)
        await fixture.scriptResults(
            "\(fixture.tests)/shard-1.xcresult", [("BrewerTests/A/a()", "Passed"), ("BrewerTests/D/d()", "Passed")])
        await fixture.scriptResults(
            "\(fixture.tests)/shard-2.xcresult", [("BrewerTests/B/b()", "Passed"), ("BrewerTests/C/c()", "Passed")])
        let settings = Self.settings(shards: 2)
        let durations = RecordedDurations(durations: [
            "BrewerTests/A/a()": 8, "BrewerTests/B/b()": 4, "BrewerTests/C/c()": 4, "BrewerTests/D/d()": 1,
        ])
        let termination = try await TestStepPerformer(durations: durations).perform(Step(.test(settings)), in: fixture.context(settings))
        #expect(termination == .exited(0))
        let runs = await fixture.commands.filter(Self.isTestRun)
        let byDestination = Dictionary(
            uniqueKeysWithValues: runs.map { run in
                (run[run.firstIndex(of: "-destination")! + 1], Set(Self.onlyTesting(run)))
            })
        #expect(byDestination["id=\(TestStepTestContext.udids[0])"] == ["BrewerTests/A", "BrewerTests/D"])
        #expect(byDestination["id=\(TestStepTestContext.udids[1])"] == ["BrewerTests/B", "BrewerTests/C"])
        #expect(await fixture.output.all.contains("balanced by recorded durations"))
        // Each simulator deleted at the step's end, once.
        let deleted = await fixture.commands.filter { $0.starts(with: ["xcrun", "simctl", "delete"]) }.map { $0[3] }
        #expect(deleted == Array(TestStepTestContext.udids.prefix(2)))
        try await fixture.runCleanup()
        #expect(await fixture.commands.filter { $0.starts(with: ["xcrun", "simctl", "delete"]) }.count == 2)
        #expect(await fixture.scripted.unscripted.isEmpty)
    }

    @Test("a shard that ran none of its tests fails the step, though the other passed and its exit status is 0")
    func shardThatRanNothing() async throws {
        let tests = ["BrewerTests/A/a()", "BrewerTests/B/b()"]
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make(), enumerated: tests)
        try await fixture.scriptTools(shards: 2)
        await fixture.scripted.on(["xcodebuild", "build-for-testing"], .succeeds)
        await fixture.scripted.on(["xcodebuild", "test-without-building"], .succeeds)
        await fixture.scriptResults("\(fixture.tests)/shard-1.xcresult", [(tests[0], "Passed")])
        await fixture.scriptResults("\(fixture.tests)/shard-2.xcresult", [])
        let settings = Self.settings(shards: 2)
        await #expect {
            try await TestStepPerformer().perform(Step(.test(settings)), in: fixture.context(settings))
        } throws: { error in
            (error as? StepFailure)?.message.contains("shard 2 ran none of its tests") == true
        }
    }

    @Test("a secret in a test's name: the durations file keeps it masked, and masked durations still balance the shards")
    func maskedDurations() async throws {
        let tests = ["BrewerTests/A/testHunter2Token()", "BrewerTests/B/b()"]
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make(), enumerated: tests)
        try await fixture.scriptTools(shards: 2)
        await fixture.scripted.on(["xcodebuild", "build-for-testing"], .succeeds)
        await fixture.scripted.on(["xcodebuild", "test-without-building"], .succeeds)
        await fixture.scriptResults("\(fixture.tests)/shard-1.xcresult", [(tests[0], "Passed")])
        await fixture.scriptResults("\(fixture.tests)/shard-2.xcresult", [(tests[1], "Passed")])
        let settings = Self.settings(shards: 2)
        var context = fixture.context(settings)
        context.secrets = RunSecrets(secrets: ["Hunter2Token"])
        // The run history keeps the names as the reports show them: masked.
        let durations = RecordedDurations(durations: [context.masker.mask(tests[0]): 8])
        let termination = try await TestStepPerformer(durations: durations).perform(Step(.test(settings)), in: context)
        #expect(termination == .exited(0))
        #expect(await fixture.output.all.contains("balanced by recorded durations"))
        let recorded = try JSONDecoder().decode(
            [String: [String: Double]].self, from: Data(contentsOf: URL(fileURLWithPath: "\(fixture.root)/run/output/tests/durations.json"))
        )
        #expect(recorded.values.flatMap(\.keys).sorted() == [context.masker.mask(tests[0]), tests[1]])
    }

    @Test("the build fails: the lane's cleanup deletes exactly the simulators created, and touches no other")
    func cleanupAfterFailure() async throws {
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make())
        try await fixture.scriptTools(shards: 3)
        await fixture.scripted.on(
            ["xcodebuild", "build-for-testing"], .output([(.standardOutput, "** TEST BUILD FAILED **\n")], .exited(65)))
        let settings = Self.settings(shards: 3)
        await #expect(throws: StepFailure.self) {
            try await TestStepPerformer().perform(Step(.test(settings)), in: fixture.context(settings))
        }
        #expect(await fixture.commands.filter { $0.starts(with: ["xcrun", "simctl", "delete"]) }.isEmpty)
        try await fixture.runCleanup()
        let deleted = await fixture.commands.filter { $0.starts(with: ["xcrun", "simctl", "delete"]) }.map { $0[3] }
        #expect(deleted.sorted() == TestStepTestContext.udids.sorted())
        #expect(await fixture.scripted.unscripted.isEmpty)
    }

    @Test("interrupted mid-test: the lane's cleanup deletes the simulators")
    func interrupted() async throws {
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make())
        try await fixture.scriptTools()
        await fixture.scripted.on(["xcodebuild", "build-for-testing"], .succeeds)
        await fixture.scripted.on(["xcodebuild", "test-without-building"], .hang)
        let settings = Self.settings()
        let context = fixture.context(settings)
        let step = Task { try await TestStepPerformer().perform(Step(.test(settings)), in: context) }
        await waitUntil("the tests run") { await fixture.commands.contains(where: Self.isTestRun) }
        step.cancel()
        _ = await step.result
        try await fixture.runCleanup()
        let deleted = await fixture.commands.filter { $0.starts(with: ["xcrun", "simctl", "delete"]) }.map { $0[3] }
        #expect(deleted == [TestStepTestContext.udids[0]])
    }

    @Test("interrupted while simctl creates a simulator: the one it made before printing its UDID is deleted by name, no other")
    func interruptedCreate() async throws {
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make())
        let made = "44444444-4444-4444-8444-444444444444"
        let foreign = "55555555-5555-4555-8555-555555555555"
        await fixture.scripted.on(
            ["xcrun", "simctl", "list", "--json", "devices"],
            .output(
                [
                    (
                        .standardOutput,
                        #"{"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-16-0": [{"udid": "\#(made)", "name": "nightshift-run-1-1", "state": "Shutdown", "isAvailable": true}, {"udid": "\#(foreign)", "name": "nightshift-run-1-10", "state": "Shutdown", "isAvailable": true}]}}"#
                    )
                ], .exited(0)))
        await fixture.scripted.on(["xcrun", "simctl", "create"], .hang)
        try await fixture.scriptTools()
        let settings = Self.settings()
        let context = fixture.context(settings)
        let step = Task { try await TestStepPerformer().perform(Step(.test(settings)), in: context) }
        await waitUntil("simctl creates a simulator") {
            await fixture.commands.contains(where: { $0.starts(with: ["xcrun", "simctl", "create"]) })
        }
        step.cancel()
        _ = await step.result
        try await fixture.runCleanup()
        let deleted = await fixture.commands.filter { $0.starts(with: ["xcrun", "simctl", "delete"]) }.map { $0[3] }
        #expect(deleted == [made])
        #expect(await fixture.scripted.unscripted.isEmpty)
    }

    @Test("lanes run --parallel share the run id: an interrupted create deletes no simulator of that name another lane is using")
    func interruptedCreateBesideAnotherLane() async throws {
        let busy = TestStepTestContext(root: try TemporaryDirectory.make())
        try await busy.scriptTools()
        await busy.scripted.on(["xcodebuild", "build-for-testing"], .succeeds)
        await busy.scripted.on(["xcodebuild", "test-without-building"], .hang)
        let settings = Self.settings()
        let busyContext = busy.context(settings)
        let other = Task { try await TestStepPerformer().perform(Step(.test(settings)), in: busyContext) }
        await waitUntil("the other lane's tests run") { await busy.commands.contains(where: Self.isTestRun) }
        // This lane's create is cut short after CoreSimulator made its device.
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make())
        let made = "66666666-6666-4666-8666-666666666666"
        let inUse = TestStepTestContext.udids[0]
        let device = { (udid: String) in #"{"udid": "\#(udid)", "name": "nightshift-run-1-1", "state": "Booted", "isAvailable": true}"# }
        await fixture.scripted.on(
            ["xcrun", "simctl", "list", "--json", "devices"],
            .output([(.standardOutput, #"{"devices": {"iOS-16-0": [\#(device(inUse)), \#(device(made))]}}"#)], .exited(0)))
        await fixture.scripted.on(["xcrun", "simctl", "create"], .hang)
        try await fixture.scriptTools()
        let context = fixture.context(settings)
        let step = Task { try await TestStepPerformer().perform(Step(.test(settings)), in: context) }
        await waitUntil("simctl creates a simulator") {
            await fixture.commands.contains(where: { $0.starts(with: ["xcrun", "simctl", "create"]) })
        }
        step.cancel()
        _ = await step.result
        try await fixture.runCleanup()
        let deleted = await fixture.commands.filter { $0.starts(with: ["xcrun", "simctl", "delete"]) }.map { $0[3] }
        #expect(deleted == [made])
        other.cancel()
        _ = await other.result
        try await busy.runCleanup()
    }

    @Test("a simulator that cannot boot ends the build at once: the step does not wait for a build it cannot use", .timeLimit(.minutes(1)))
    func bootFailureEndsTheBuild() async throws {
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make())
        await fixture.scripted.on(
            ["xcrun", "simctl", "boot"], .output([(.standardError, "Unable to boot device in current state: Booted\n")], .exited(149)))
        try await fixture.scriptTools()
        await fixture.scripted.on(["xcodebuild", "build-for-testing"], .hang)
        let settings = Self.settings()
        await #expect {
            try await TestStepPerformer().perform(Step(.test(settings)), in: fixture.context(settings))
        } throws: { error in
            (error as? StepFailure)?.message.contains("did not boot: simctl exit code 149") == true
        }
        try await fixture.runCleanup()
        #expect(await fixture.commands.contains { $0 == ["xcrun", "simctl", "delete", TestStepTestContext.udids[0]] })
    }

    @Test("a simulator that does not boot within boot_timeout fails the step, saying so; it is still deleted")
    func bootTimeout() async throws {
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make())
        try await fixture.scriptTools(bootStatus: .hang)
        await fixture.scripted.on(["xcodebuild", "build-for-testing"], .succeeds)
        var settings = Self.settings()
        settings.bootTimeout = .seconds(120)
        let context = fixture.context(settings)
        let step = Task { try await TestStepPerformer().perform(Step(.test(settings)), in: context) }
        await fixture.clock.waitForSleepers(1)
        fixture.clock.advance(by: .seconds(120))
        await #expect {
            try await step.value
        } throws: { error in
            (error as? StepFailure)?.message.contains("did not finish booting within 2m00s (boot_timeout)") == true
        }
        try await fixture.runCleanup()
        #expect(await fixture.commands.contains { $0 == ["xcrun", "simctl", "delete", TestStepTestContext.udids[0]] })
    }
}
