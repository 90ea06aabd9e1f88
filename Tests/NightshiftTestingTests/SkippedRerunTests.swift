import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// A skip says nothing of whether a test passes: a test that failed and was then skipped on its
/// re-run never passed, and stays failed, named, with its failure.
@Suite("A test skipped on its re-run", .temporaryDirectory)
struct SkippedRerunTests {
    static func test(_ attempts: TestAttempt...) -> TestCaseResult {
        TestCaseResult(identifier: "B/S/t()", bundle: "B", suitePath: ["S"], name: "t()", attempts: attempts)
    }

    static let failure = TestAttempt(outcome: .failed, messages: [TestFailureMessage(text: "boom", file: "S.swift", line: 3)])
    static let skip = TestAttempt(outcome: .skipped, messages: [TestFailureMessage(text: "no network")])
    static let pass = TestAttempt(outcome: .passed)

    @Test("failed, then skipped on the re-run: failed, not flaky, the step fails and shows the failure")
    func failedThenSkipped() throws {
        var merger = TestResultsMerger()
        merger.addShard([Self.test(Self.failure)])
        merger.addRetry([Self.test(Self.skip)])
        let results = merger.results
        #expect(results.map(\.outcome) == [.failed])
        #expect(results.map(\.isFlaky) == [false])
        #expect(merger.failingIdentifiers == ["B/S/t()"], "a further re-run gets it again")
        #expect(TestTally(records: results.map(\.record)) == TestTally(failed: 1))
        let invocations = [
            TestInvocation(exitStatus: 65, summary: nil, cases: [Self.test(Self.failure)]),
            TestInvocation(exitStatus: 0, summary: nil, cases: [Self.test(Self.skip)]),
        ]
        #expect(TestRunCheck.verdict(invocations: invocations, final: results).mustFail)
        #expect(
            TestConsoleLines(masker: .none).lines(for: results) == ["✘ S.t() — S.swift:3: boom", "0 passed, 1 failed, 0 skipped"])
        let path = try TemporaryDirectory.make() + "/t.junit.xml"
        try JUnitTestsWriter(name: "test", masker: .none).write(results, to: path)
        let junit = try String(contentsOfFile: path, encoding: .utf8)
        #expect(junit.contains(#"failures="1""#))
        #expect(junit.contains(#"<failure message="S.swift:3: boom""#))
        #expect(!junit.contains("<skipped"))
        #expect(junit.contains("it never passed: no network"))
    }

    @Test("skipped every time is skipped; a pass before the skip is a (flaky) pass")
    func otherOrders() {
        #expect(Self.test(Self.skip, Self.skip).outcome == .skipped)
        #expect(Self.test(Self.skip, Self.failure).outcome == .failed)
        let flaky = Self.test(Self.failure, Self.pass, Self.skip)
        #expect(flaky.outcome == .passed && flaky.isFlaky)
        #expect(TestConsoleLines(masker: .none).flakyLine(flaky) == "⚠ S.t() is flaky: failed, then passed on retry 1")
        #expect(Self.test(Self.pass, Self.skip).outcome == .passed)
    }
}
