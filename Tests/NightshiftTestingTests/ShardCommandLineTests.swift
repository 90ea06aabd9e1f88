import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// The first run of a huge suite split over shards: each shard's `-only-testing` list is cut
/// as a re-run's is (`CommandLineBound`), so no command line passes what a Mac's kernel takes.
@Suite("Shards of a huge suite stay within ARG_MAX", .temporaryDirectory)
struct ShardCommandLineTests {
    /// 50,000 test classes of one test each (Swift Testing suites, say): 50,000 units to shard.
    static let tests = (0..<50_000).map { "BrewerTests/LedgerRoundingOfAmountTests\($0)/testRoundsHalfEven()" }

    @Test("two shards of 50,000 test classes: invocations a Mac would start, every class once, every test read back")
    func hugeShards() async throws {
        let fixture = TestStepTestContext(root: try TemporaryDirectory.make(), enumerated: Self.tests)
        try await fixture.scriptTools(shards: 2)
        await fixture.scripted.on(["xcodebuild", "build-for-testing"], .succeeds)
        await fixture.scripted.on(["xcodebuild", "test-without-building", "-enumerate-tests"], .succeeds)
        await fixture.scripted.on(["xcodebuild", "test-without-building"], .output([], .exited(0)))
        let settings = TestStepPerformerTests.settings(shards: 2)
        var context = fixture.context(settings)
        let results = ResultsOfWhatRan(inner: FileMakingShell(inner: fixture.scripted, enumerated: Self.tests))
        context.shell = ArgumentLimitShell(inner: results)
        _ = try await TestStepPerformer().perform(Step(.test(settings)), in: context)

        let runs = await fixture.commands.filter(TestStepPerformerTests.isTestRun).filter { !$0.contains("-enumerate-tests") }
        #expect(runs.count > 2, "at least one shard in several invocations")
        #expect(
            runs.allSatisfy {
                ArgumentLimitShell.size(of: ShellCommand($0[0], Array($0.dropFirst()))) <= ArgumentLimitShell.macOSArgumentMaximum
            })
        let destinations = Set(runs.map { $0[$0.firstIndex(of: "-destination")! + 1] })
        #expect(destinations.count == 2, "both simulators")
        let named = runs.flatMap(TestStepPerformerTests.onlyTesting)
        #expect(named.count == Self.tests.count && Set(named) == Set(Self.tests.map(ShardPlanner.unit)), "every class once")
        let bundles = runs.map { $0[$0.firstIndex(of: "-resultBundlePath")! + 1] }
        #expect(Set(bundles).count == runs.count, "a result bundle each")
        let junit = try String(contentsOfFile: "\(fixture.root)/run/output/tests/nightly-1.tests.junit.xml", encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == Self.tests.count, "every test read back and written")
        #expect(await fixture.scripted.unscripted.isEmpty)
    }

    @Test("a shard within the bound keeps its one invocation and bundle")
    func smallShards() {
        #expect(
            CommandLineBound.invocations(["A/B", "A/C"], flag: "-only-testing", budget: CommandLineBound.argumentBytes) == [["A/B", "A/C"]])
        #expect(
            CommandLineBound.invocations([], flag: "-only-testing", budget: CommandLineBound.argumentBytes) == [[]], "no list: every test")
    }
}

/// Answers `xcresulttool get test-results tests|summary --path B` with a pass for the one test
/// of each class B's `test-without-building` named by `-only-testing`: what a shard reports is
/// what its command line asked for. Everything else goes to `inner`.
private actor RanByBundle {
    var only: [String: [String]] = [:]
    func record(_ bundle: String, _ classes: [String]) { only[bundle] = classes }
    func classes(of bundle: String) -> [String]? { only[bundle] }
}

private struct ResultsOfWhatRan: ShellRunner {
    let inner: any ShellRunner
    let ran = RanByBundle()

    func run(_ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) async throws -> Termination {
        let arguments = command.arguments
        func value(_ option: String) -> String? { arguments.firstIndex(of: option).map { arguments[$0 + 1] } }
        if arguments.first == "test-without-building", !arguments.contains("-enumerate-tests"), let bundle = value("-resultBundlePath") {
            await ran.record(bundle, TestStepPerformerTests.onlyTesting(arguments))
        }
        if arguments.starts(with: ["xcresulttool", "get", "test-results"]), let bundle = value("--path") {
            guard let classes = await ran.classes(of: bundle) else { return .exited(1) }
            let results = classes.map { ($0 + "/testRoundsHalfEven()", "Passed") }
            let json = arguments[3] == "tests" ? XCResultJSON.tests(results) : XCResultJSON.summary(results)
            await onOutput(.standardOutput, Array(json.utf8))
            return .exited(0)
        }
        return try await inner.run(command, onOutput: onOutput)
    }
}
