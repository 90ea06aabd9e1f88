import NightshiftEngine
@testable import NightshiftTesting
import Testing

/// Never green by accident: the exit status, the summary and the cases read must agree.
@Suite("Test results: never green by accident")
struct TestResultsVerdictTests {
    @Test("a clean pass: nothing to say")
    func cleanPass() throws {
        let cases = try ResultsFixtures.cases("retries-xcode26.json").filter { $0.outcome != .failed }
        let summary = TestRunSummary(result: "Passed", totalTestCount: cases.count, passedTests: cases.count, devicesAndConfigurations: 1)
        #expect(TestRunCheck.verdict(exitStatus: 0, summary: summary, cases: cases) == TestRunVerdict(mustFail: false, reasons: []))
    }

    @Test("failed tests fail the step; exit 65 with them is explained")
    func failedTests() throws {
        let cases = try ResultsFixtures.cases("retries-xcode26.json")
        let summary = TestRunSummary(result: "Failed", totalTestCount: 6, failedTests: 1)
        #expect(
            TestRunCheck.verdict(exitStatus: 65, summary: summary, cases: cases)
                == TestRunVerdict(mustFail: true, reasons: ["2 tests failed"]))
    }

    @Test("exit non-zero with every test passed")
    func exitStatus() {
        let pass = TestCaseResult(
            identifier: "B/S/a()", bundle: "B", suitePath: ["S"], name: "a()", attempts: [TestAttempt(outcome: .passed)])
        let verdict = TestRunCheck.verdict(exitStatus: 70, summary: nil, cases: [pass])
        #expect(verdict == TestRunVerdict(mustFail: true, reasons: ["the test run exited with status 70 but no test failed"]))
    }

    @Test("the summary counts more failures than the results hold (fastlane#28050)")
    func mismatch() {
        let pass = TestCaseResult(
            identifier: "B/S/a()", bundle: "B", suitePath: ["S"], name: "a()", attempts: [TestAttempt(outcome: .passed)])
        let summary = TestRunSummary(result: "Failed", totalTestCount: 3, passedTests: 1, failedTests: 2)
        let verdict = TestRunCheck.verdict(exitStatus: 65, summary: summary, cases: [pass])
        #expect(verdict.mustFail)
        #expect(
            verdict.reasons == [
                "the summary counts 2 failed tests, the results hold 0", "the test run exited with status 65 but no test failed",
            ])
    }

    @Test("a test Xcode retried into a pass may count as failed in the summary, one retried into a skip as skipped: that agrees")
    func retriedIntoPass() throws {
        let cases = try ResultsFixtures.cases("retries-xcode26.json")
        for failed in [1, 2, 3] {
            let summary = TestRunSummary(result: "Failed", totalTestCount: 6, failedTests: failed)
            #expect(TestRunCheck.verdict(exitStatus: 65, summary: summary, cases: cases).reasons == ["2 tests failed"])
        }
        let summary = TestRunSummary(result: "Failed", totalTestCount: 6, failedTests: 4)
        #expect(TestRunCheck.verdict(exitStatus: 65, summary: summary, cases: cases).reasons.count == 2)
    }

    @Test("a crash in a test names the signal")
    func crash() throws {
        let verdict = TestRunCheck.verdict(
            exitStatus: 65, summary: try ResultsFixtures.summary("crash-summary.json"), cases: try ResultsFixtures.cases("crash-tests.json")
        )
        #expect(verdict.mustFail)
        #expect(verdict.reasons == ["1 test failed", "BrewerTests/LedgerTests/testCrashes(): Test crashed with signal segv."])
    }

    @Test("a runner that never started: its error line, though no test is in the results")
    func runnerNeverStarted() throws {
        let verdict = TestRunCheck.verdict(
            exitStatus: 65, summary: try ResultsFixtures.summary("runner-never-started-summary.json"),
            cases: try ResultsFixtures.cases("runner-never-started-tests.json"))
        #expect(verdict.mustFail)
        #expect(verdict.reasons.first?.hasPrefix("BrewerTests-Runner (4242) encountered an error: Early unexpected exit") == true)
        #expect(verdict.reasons.contains("the summary counts 1 failed tests, the results hold 0"))
    }

    @Test("an empty run with result unknown fails even with exit 0")
    func emptyRun() throws {
        let verdict = TestRunCheck.verdict(
            exitStatus: 0, summary: try ResultsFixtures.summary("empty-run-summary.json"),
            cases: try ResultsFixtures.cases("empty-run-tests.json"))
        #expect(verdict == TestRunVerdict(mustFail: true, reasons: ["no test ran: the result is 'unknown', on no device"]))
        // Without a summary (swift test), no case at all is still no test.
        #expect(TestRunCheck.verdict(exitStatus: 0, summary: nil, cases: []).reasons == ["no test ran"])
    }

    @Test("re-runs: a failure a re-run cured passes; a crash stays named")
    func reruns() throws {
        let first = [
            TestCaseResult(identifier: "B/S/a()", bundle: "B", suitePath: ["S"], name: "a()", attempts: [TestAttempt(outcome: .failed)]),
            TestCaseResult(identifier: "B/S/b()", bundle: "B", suitePath: ["S"], name: "b()", attempts: [TestAttempt(outcome: .passed)]),
        ]
        let retry = [
            TestCaseResult(identifier: "B/S/a()", bundle: "B", suitePath: ["S"], name: "a()", attempts: [TestAttempt(outcome: .passed)])
        ]
        var merger = TestResultsMerger()
        merger.addShard(first)
        merger.addRetry(retry)
        let invocations = [
            TestInvocation(
                exitStatus: 65, summary: TestRunSummary(result: "Failed", totalTestCount: 2, passedTests: 1, failedTests: 1), cases: first),
            TestInvocation(exitStatus: 0, summary: TestRunSummary(result: "Passed", totalTestCount: 1, passedTests: 1), cases: retry),
        ]
        #expect(TestRunCheck.verdict(invocations: invocations, final: merger.results) == TestRunVerdict(mustFail: false, reasons: []))
        let crashed = [
            TestCaseResult(
                identifier: "B/S/a()", bundle: "B", suitePath: ["S"], name: "a()",
                attempts: [TestAttempt(outcome: .failed, messages: [TestFailureMessage(text: "Test crashed with signal kill.")])])
        ]
        var again = TestResultsMerger()
        again.addShard(crashed)
        again.addRetry(retry)
        let verdict = TestRunCheck.verdict(
            invocations: [
                TestInvocation(exitStatus: 65, summary: nil, cases: crashed), TestInvocation(exitStatus: 0, summary: nil, cases: retry),
            ],
            final: again.results)
        #expect(verdict.mustFail)
        #expect(verdict.reasons == ["run 1: B/S/a(): Test crashed with signal kill.", "B/S/a() crashed before it passed on a re-run"])
    }

    @Test("a crash is found wherever its words are, in any text, and near misses are not crashes")
    func crashWords() {
        let long = String(repeating: "c", count: 16 * 1024)
        for text in ["Test crashed with signal kill.", "crashed with signal", long + "crashed with signal", "é ccrashed with signal 11"] {
            #expect(TestCrashText.isCrash(text), "\(text.suffix(40))")
        }
        for text in ["", "crashed with signa", long, "crashed  with signal", "Crashed with signal", "crashed with\u{0}signal"] {
            #expect(!TestCrashText.isCrash(text), "\(text.suffix(40))")
        }
    }

    @Test("a message's file part is at most a path long: a longer first word is text, and a path of 4,000 bytes still splits")
    func messageFileBound() {
        let path = "/" + String(repeating: "d/", count: 1999) + "F.swift"
        #expect(TestMessageText.parse(path + ":12: boom") == TestFailureMessage(text: "boom", file: path, line: 12))
        let word = String(repeating: "m", count: 8000) + ":12: boom"
        #expect(TestMessageText.parse(word) == TestFailureMessage(text: word))
    }
}
