import Foundation
import NightshiftCore
import NightshiftEngine

/// A `test:` step's results: the counts, line coverage, and the tests themselves, failed first,
/// then flaky, skipped, expected failures and passed (each group in the tool's order), at most
/// `testsListed` of them.
struct HTMLTestsSection {
    let step: StepResult
    let report: TestStepReport
    let limits: HTMLReportLimits

    func write(to writer: HTMLWriter) {
        writer.element(.h4, "\(writer.clipped(step.name, limit: 200)) · \(step.status.rawValue)")
        let tally = report.tally
        writer.open(.p, classes: [StyleClass("counts")])
        for (count, label, style) in [
            (tally.failed, "failed", StyleClass("count-failed")), (tally.flaky, "flaky", StyleClass("count-flaky")),
            (tally.passed, "passed", StyleClass("count-passed")), (tally.skipped, "skipped", StyleClass("count-skipped")),
            (tally.expectedFailures, "expected failures", StyleClass("count-skipped")),
        ] where count > 0 || label == "failed" || label == "passed" {
            writer.element(.span, classes: [StyleClass("count"), style], "\(count) \(label)")
        }
        writer.element(.span, classes: [StyleClass("count")], "of \(tally.total)")
        writer.close(.p)
        if let coverage = report.lineCoverage { writeCoverage(coverage, to: writer) }
        if let junit = report.junitPath { writer.element(.p, classes: [StyleClass("meta")], "each test: \(junit)") }
        writeTable(to: writer)
    }

    private func writeCoverage(_ coverage: Double, to writer: HTMLWriter) {
        let percent = min(max(coverage, 0), 1) * 100
        writer.open(.p, classes: [StyleClass("coverage")])
        writer.element(.span, classes: [StyleClass("label")], "line coverage " + String(format: "%.1f%%", percent))
        writer.open(.span, classes: [StyleClass("track")])
        writer.element(.span, classes: [StyleClass("bar"), StyleClass("covered"), .width(Int(percent.rounded(.down)))], "")
        writer.close(.span)
        writer.close(.p)
    }

    private func writeTable(to writer: HTMLWriter) {
        guard !report.tests.isEmpty else { return }
        let (listed, total) = Self.listed(report.tests, limit: limits.testsListed)
        writer.open(.table, classes: [StyleClass("tests")])
        writer.markup("<thead><tr><th>test</th><th>result</th><th>attempts</th><th>time</th></tr></thead>")
        writer.open(.tbody)
        for test in listed {
            writer.open(.tr, classes: [test.isFlaky && test.outcome.isPass ? StyleClass("s-flaky") : .status(test.outcome)])
            let name = test.variant.map { "\(test.identifier) [\($0)]" } ?? test.identifier
            writer.element(.td, classes: [StyleClass("name")], writer.clipped(name, limit: 500))
            writer.element(
                .td, test.isFlaky && test.outcome.isPass ? "flaky" : test.outcome.rawValue.replacingOccurrences(of: "_", with: " "))
            writer.element(.td, "\(test.attempts)")
            let seconds = TestCaseRecord.credibleSeconds(test.durationSeconds)
            writer.element(.td, DurationFormatting.short(.milliseconds(Int64((seconds * 1000).rounded()))))
            writer.close(.tr)
            writer.newline()
        }
        writer.close(.tbody)
        writer.close(.table)
        if total > listed.count {
            writer.element(.p, classes: [StyleClass("omitted")], "… and \(total - listed.count) more, listed in the step's JUnit file")
        }
    }

    /// The first `limit` tests in the table's order, and how many there are: one pass that keeps
    /// at most `limit` records of each rank, without the reasons the table does not show (16 KiB
    /// each at most), never the step's 500,000.
    static func listed(_ tests: some Collection<TestCaseRecord>, limit: Int) -> (records: [TestCaseRecord], total: Int) {
        var ranks = Array(repeating: FirstListed<TestCaseRecord>(limit: limit), count: 5)
        for test in tests {
            ranks[rank(test)].add(
                {
                    var kept = test
                    kept.reason = nil
                    return kept
                }())
        }
        return (Array(ranks.map(\.kept).joined().prefix(limit)), ranks.reduce(0) { $0 + $1.count })
    }

    /// Failed, flaky, skipped, expected failures, passed; the tool's order within each.
    static func rank(_ test: TestCaseRecord) -> Int {
        switch test.outcome {
        case .failed: 0
        case _ where test.isFlaky: 1
        case .skipped: 2
        case .expectedFailure: 3
        case .passed: 4
        }
    }
}
