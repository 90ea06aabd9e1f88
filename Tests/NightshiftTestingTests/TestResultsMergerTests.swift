import NightshiftCore
import NightshiftEngine
import NightshiftTesting
import Testing

/// Shards added, re-runs appended: one case per test whatever the number of runs.
@Suite("Test results: merging shards and re-runs")
struct TestResultsMergerTests {
    static func test(_ name: String, _ outcomes: TestOutcome..., argument: String? = nil) -> TestCaseResult {
        TestCaseResult(
            identifier: "B/S/\(name)", bundle: "B", suitePath: ["S"], name: name, argument: argument,
            attempts: outcomes.map { TestAttempt(outcome: $0, durationSeconds: 1) })
    }

    @Test("shards add up; a re-run's attempts go after the first run's; order is first seen")
    func merges() {
        var merger = TestResultsMerger()
        merger.addShard([Self.test("a()", .failed), Self.test("b()", .passed)])
        merger.addShard([Self.test("c()", .failed), Self.test("p(x:)", .failed, argument: "1"), Self.test("p(x:)", .passed, argument: "2")])
        #expect(merger.failingIdentifiers == ["B/S/a()", "B/S/c()", "B/S/p(x:)"])
        merger.addRetry([Self.test("a()", .passed), Self.test("c()", .failed), Self.test("p(x:)", .failed, argument: "1")])
        merger.addRetry([Self.test("c()", .failed), Self.test("p(x:)", .passed, argument: "1")])
        let results = merger.results
        #expect(results.map(\.name) == ["a()", "b()", "c()", "p(x:)", "p(x:)"])
        #expect(results.map(\.outcome) == [.passed, .passed, .failed, .passed, .passed])
        #expect(results.map(\.isFlaky) == [true, false, false, true, false])
        #expect(results.map(\.attempts.count) == [2, 1, 3, 3, 1])
        #expect(merger.failingIdentifiers == ["B/S/c()"])
        let report = TestStepReport(results: results, junitPath: "tests.xml")
        #expect(report.tally == TestTally(passed: 4, failed: 1, flaky: 2))
        #expect(report.tests.map(\.attempts) == [2, 1, 3, 3, 1])
        #expect(report.tests.map(\.variant) == [nil, nil, nil, "argument: 1", "argument: 2"])
    }

    @Test("a results file that repeats one test 100,000 times is merged in linear time (the fuzzer's xUnit file took minutes)")
    func repeatedTest() {
        var merger = TestResultsMerger()
        let repeated = Array(repeating: Self.test("a()", .failed), count: 100_000)
        merger.addShard(repeated)
        merger.addRetry(repeated)
        #expect(merger.results.count == 1)
        #expect(merger.results.first?.attempts.count == 200_000)
    }

    @Test("summaries of shards combine: counts add, failures listed, failed wins, unknown only when all are")
    func summaries() {
        let passed = TestRunSummary(result: "Passed", totalTestCount: 3, passedTests: 3, devicesAndConfigurations: 1)
        let failed = TestRunSummary(
            result: "Failed", totalTestCount: 2, passedTests: 1, failedTests: 1,
            testFailures: [.init(testName: "a()", failureText: "x", testIdentifier: "S/a()")], devicesAndConfigurations: 1)
        let unknown = TestRunSummary(result: "unknown")
        let combined = TestRunSummary.combined([passed, failed, unknown])
        #expect(combined.result == "Failed" && combined.totalTestCount == 5 && combined.failedTests == 1)
        #expect(combined.testFailures.count == 1 && combined.devicesAndConfigurations == 2)
        #expect(TestRunSummary.combined([passed, unknown]).result == "Passed")
        #expect(TestRunSummary.combined([unknown, unknown]).result == "unknown")
        #expect(TestRunSummary.combined([]).result == "unknown")
    }
}
