import NightshiftCore
import NightshiftEngine
import NightshiftTesting
import Testing

@Suite("Test results: console lines")
struct TestResultsConsoleTests {
    @Test("a line per failing test, flaky ones named, one summary line")
    func lines() throws {
        let cases = try ResultsFixtures.cases("retries-xcode26.json")
        #expect(
            TestConsoleLines(masker: .none).lines(for: cases) == [
                #"✘ LedgerTests.testRounding() — LedgerTests.swift:38: XCTAssertEqual failed: ("1.01") is not equal to ("1.0")"#,
                "✘ LedgerTests.testThenSkipped() — LedgerTests.swift:50: failed once",
                "⚠ LedgerTests.testFlaky() is flaky: failed, then passed on retry 1",
                "3 passed, 2 failed, 0 skipped, 1 expected failure, 1 flaky (passed on retry 1)",
            ])
    }

    @Test("the summary line: several retries named; no flaky part without flaky tests")
    func summary() {
        func test(_ outcomes: TestOutcome...) -> TestCaseResult {
            TestCaseResult(
                identifier: "B/S/t()", bundle: "B", suitePath: ["S"], name: "t()", attempts: outcomes.map { TestAttempt(outcome: $0) })
        }
        let console = TestConsoleLines(masker: .none)
        #expect(console.summaryLine(for: [test(.passed), test(.skipped)]) == "1 passed, 0 failed, 1 skipped")
        #expect(
            console.summaryLine(for: [test(.failed, .passed), test(.failed, .failed, .passed)])
                == "2 passed, 0 failed, 0 skipped, 2 flaky (passed on retries 1, 2)")
    }

    @Test("masked, on one line, escape sequences removed, control characters shown as spaces")
    func maskedOneLine() {
        let test = TestCaseResult(
            identifier: "B/S/t()", bundle: "B", suitePath: ["S"], name: "t()",
            attempts: [TestAttempt(outcome: .failed, messages: [TestFailureMessage(text: "token s3cr3t-value\u{1B}[31m\nsecond line")])])
        let line = TestConsoleLines(masker: SecretMasker(secrets: ["s3cr3t-value"])).failureLine(test)
        #expect(line == "✘ S.t() — token ********")
    }
}
