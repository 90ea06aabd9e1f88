import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// Re-runs go over the shards' simulators as the shards did, a class's tests together, side by
/// side; not all onto the first.
@Suite("Re-runs spread over the shards' simulators", .temporaryDirectory)
struct RetrySpreadTests {
    @Test("two shards, failures in two classes: one re-run per simulator, each with one class's failures")
    func spread() async throws {
        let tests = ["BrewerTests/A/a1()", "BrewerTests/A/a2()", "BrewerTests/B/b()", "BrewerTests/C/c()"]
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make(), enumerated: tests)
        try await fixture.scriptTools(shards: 2)
        await fixture.scripted.on(["xcodebuild", "build-for-testing"], .succeeds)
        // The enumeration, the two shards, then the re-runs.
        await fixture.scripted.on(
            ["xcodebuild", "test-without-building"], .succeeds, .output([], .exited(65)), .output([], .exited(65)), .succeeds)
        await fixture.scriptResults(
            "\(fixture.tests)/shard-1.xcresult", [(tests[0], "Failed"), (tests[1], "Failed"), (tests[3], "Passed")])
        await fixture.scriptResults("\(fixture.tests)/shard-2.xcresult", [(tests[2], "Failed")])
        await fixture.scriptResults("\(fixture.tests)/retry-1-1.xcresult", [(tests[0], "Passed"), (tests[1], "Passed")])
        await fixture.scriptResults("\(fixture.tests)/retry-1-2.xcresult", [(tests[2], "Passed")])
        let settings = TestStepPerformerTests.settings(shards: 2, retries: 1)
        let details = StepDetails()
        let termination = try await TestStepPerformer().perform(Step(.test(settings)), in: fixture.context(settings, details: details))
        #expect(termination == .exited(0))
        let retries = await fixture.commands.filter(TestStepPerformerTests.isTestRun).filter { $0.contains { $0.contains("/retry-") } }
        let byDestination = Dictionary(
            uniqueKeysWithValues: retries.map { ($0[$0.firstIndex(of: "-destination")! + 1], TestStepPerformerTests.onlyTesting($0)) })
        #expect(
            byDestination == [
                "id=\(TestStepTestContext.udids[0])": ["BrewerTests/A/a1()", "BrewerTests/A/a2()"],
                "id=\(TestStepTestContext.udids[1])": ["BrewerTests/B/b()"],
            ])
        #expect(try #require(await details.tests).tally == TestTally(passed: 4, flaky: 3))
        #expect(await fixture.scripted.unscripted.isEmpty)
    }
}
