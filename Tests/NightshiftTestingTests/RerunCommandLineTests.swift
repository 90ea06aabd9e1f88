import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// Re-runs of tens of thousands of failing tests: every command line stays under what a Mac's
/// kernel takes (1 MiB of arguments and environment), every failing test is named once, by
/// itself or by its class when the whole class failed, and nothing that passed is re-run.
@Suite("Re-runs of huge failing sets stay within ARG_MAX", .temporaryDirectory)
struct RerunCommandLineTests {
    /// 490 classes of 100 failing tests and one passing, and 10 classes whose 100 tests all
    /// failed: 50,000 failing tests.
    static let partlyFailing = (0..<490).flatMap { c in (0...100).map { "BrewerTests/LedgerTests\(c)/testRoundingOfAmountNumber\($0)()" } }
    static let wholeFailing = (0..<10).flatMap { c in (0..<100).map { "BrewerTests/WholeTests\(c)/testRoundingOfAmountNumber\($0)()" } }
    static var failing: [String] { partlyFailing.filter { !$0.hasSuffix("Number0()") } + wholeFailing }

    @Test("xcodebuild, 50,000 failing tests: several invocations under the bound, whole classes by name, each test once")
    func xcodebuildSelection() {
        let failing = Self.failing
        #expect(failing.count == 50_000)
        let ran = Self.partlyFailing + Self.wholeFailing
        let invocations = XcodeRerunSelection.invocations(failing: failing, ran: ran, budget: CommandLineBound.argumentBytes)
        #expect(invocations.count > 1)
        let commands = XcodebuildTestCommands(
            target: .init(workspace: "Brewer.xcworkspace", project: nil, scheme: "Brewer", testPlan: nil), coverage: true)
        for only in invocations {
            let command = commands.testWithoutBuilding(
                xctestrun: "/tmp/Brewer.xctestrun", destination: "id=11111111-1111-4111-8111-111111111111",
                resultBundle: "/tmp/retry-1-12.xcresult", only: only, skip: [])
            #expect(ArgumentLimitShell.size(of: command) < ArgumentLimitShell.macOSArgumentMaximum / 2 + 4096)
        }
        let named = invocations.flatMap { $0 }
        #expect(named.count == Set(named).count, "each once")
        #expect(Set(named.filter { $0.contains("WholeTests") }) == Set((0..<10).map { "BrewerTests/WholeTests\($0)" }))
        #expect(named.filter { $0.contains("LedgerTests") } == Self.partlyFailing.filter { !$0.hasSuffix("Number0()") })
    }

    @Test("xcodebuild, a few failing tests: each by name in one invocation, as before")
    func fewFailing() {
        let failing = ["BrewerTests/A/a()", "BrewerTests/A/b()"]
        #expect(XcodeRerunSelection.invocations(failing: failing, ran: failing, budget: CommandLineBound.argumentBytes) == [failing])
        #expect(XcodeRerunSelection.invocations(failing: [], ran: failing, budget: CommandLineBound.argumentBytes).isEmpty)
    }

    @Test("swift test, 50,000 failing tests: combined exact filters, each argument and command under the bounds, matching exactly them")
    func swiftPMFilters() throws {
        let failing = Self.failing.map { $0.replacingOccurrences(of: "/", with: ".", options: [], range: $0.range(of: "/")) }
        let exact = failing.map { SwiftPMTestCommands.exactFilter($0, library: .xctest) }
        let invocations = SwiftPMFilterInvocations.invocations(exact: exact, budget: CommandLineBound.argumentBytes)
        #expect(invocations.count > 1)
        let commands = SwiftPMTestCommands(packagePath: "/work/Brewer", coverage: false)
        for filters in invocations {
            let command = commands.test(xunit: "/work/Brewer/xunit-2-9.xml", filters: filters, skips: [])
            #expect(ArgumentLimitShell.size(of: command) < ArgumentLimitShell.macOSArgumentMaximum / 2 + 4096)
            #expect(filters.allSatisfy { $0.utf8.count <= CommandLineBound.singleArgumentBytes }, "under Linux's 128 KiB an argument")
        }
        let combined = invocations.flatMap { $0 }
        #expect(combined.joined(separator: "|") == exact.joined(separator: "|"), "every exact filter once, in order")
        // Each alternative still matches one test exactly: a failing test, and never a neighbour that passed.
        let expression = try NSRegularExpression(pattern: combined[0])
        func matches(_ name: String) -> Bool {
            expression.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
        }
        #expect(matches(failing[0]) && matches(failing[10]))
        #expect(!matches("BrewerTests.LedgerTests0/testRoundingOfAmountNumber0()"))
        #expect(!matches(failing[0] + "x") && !matches("x" + failing[0]))
    }

    @Test("a test step re-runs 50,000 failing tests in invocations a Mac would start, whole classes by name")
    func stepRerun() async throws {
        let ran = Self.partlyFailing + Self.wholeFailing
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make(), enumerated: ran)
        try await fixture.scriptTools(shards: 1)
        await fixture.scripted.on(["xcodebuild", "build-for-testing"], .succeeds)
        await fixture.scripted.on(["xcodebuild", "test-without-building"], .output([], .exited(65)))
        await fixture.scriptResults(
            "\(fixture.tests)/shard-1.xcresult", ran.map { ($0, $0.hasSuffix("Number0()") && $0.contains("Ledger") ? "Passed" : "Failed") })
        // Every part of the re-run answers with no test at all: what it named is in its command line.
        await fixture.scripted.on(
            ["xcrun", "xcresulttool", "get", "test-results", "tests"], .output([(.standardOutput, XCResultJSON.tests([]))], .exited(0)))
        await fixture.scripted.on(
            ["xcrun", "xcresulttool", "get", "test-results", "summary"], .output([(.standardOutput, XCResultJSON.summary([]))], .exited(0)))
        let settings = TestStepPerformerTests.settings(shards: 1, retries: 1)
        await #expect(throws: StepFailure.self) {
            try await TestStepPerformer().perform(Step(.test(settings)), in: fixture.context(settings))
        }
        let retries = await fixture.commands.filter(TestStepPerformerTests.isTestRun).filter { $0.contains { $0.contains("/retry-") } }
        #expect(retries.count > 1)
        #expect(
            retries.allSatisfy {
                ArgumentLimitShell.size(of: ShellCommand($0[0], Array($0.dropFirst()))) <= ArgumentLimitShell.macOSArgumentMaximum
            })
        let named = retries.flatMap(TestStepPerformerTests.onlyTesting)
        #expect(named.count == 49_010, "49,000 tests by name and 10 whole classes")
        #expect(Set(named).count == named.count)
        #expect(await fixture.scripted.unscripted.isEmpty)
    }
}
