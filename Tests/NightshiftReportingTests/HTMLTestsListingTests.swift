import NightshiftEngine
@testable import NightshiftReporting
import Testing

/// The report's test table lists a bounded number of tests in its order, from one pass that
/// keeps no more than it lists.
@Suite("HTML report: the tests listed")
struct HTMLTestsListingTests {
    @Test("failures at the end of 10,000 tests come first; each rank keeps at most the limit, without reasons")
    func failuresLast() {
        var records = (0..<10_000).map { TestCaseRecord(identifier: "T/passes\($0)()", outcome: .passed) }
        records += (0..<3).map {
            TestCaseRecord(identifier: "T/fails\($0)()", outcome: .failed, reason: String(repeating: "r", count: 16 << 10))
        }
        records.append(TestCaseRecord(identifier: "T/skips()", outcome: .skipped, reason: "later"))
        records.append(TestCaseRecord(identifier: "T/flaky()", outcome: .passed, isFlaky: true, attempts: 2))
        let (listed, total) = HTMLTestsSection.listed(records, limit: 6)
        #expect(total == 10_005)
        #expect(
            listed.map(\.identifier) == ["T/fails0()", "T/fails1()", "T/fails2()", "T/flaky()", "T/skips()", "T/passes0()"])
        #expect(listed.allSatisfy { $0.reason == nil })
    }

    @Test("fewer tests than the limit: all of them, in rank order, the tool's order within a rank")
    func underTheLimit() {
        let records = [
            TestCaseRecord(identifier: "b", outcome: .passed), TestCaseRecord(identifier: "a", outcome: .expectedFailure),
            TestCaseRecord(identifier: "d", outcome: .failed), TestCaseRecord(identifier: "c", outcome: .failed),
        ]
        let (listed, total) = HTMLTestsSection.listed(records, limit: 500)
        #expect(total == 4 && listed.map(\.identifier) == ["d", "c", "a", "b"])
    }
}
