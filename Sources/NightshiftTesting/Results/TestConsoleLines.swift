public import NightshiftCore
import NightshiftEngine

/// What a test step prints: a line per failing test, a line per flaky one, and one summary
/// line (`412 passed, 3 failed, 2 skipped, 1 flaky (passed on retry 1)`). Masked.
public struct TestConsoleLines: Sendable {
    public let masker: SecretMasker

    public init(masker: SecretMasker) { self.masker = masker }

    /// Failing tests first, then flaky ones, then the summary line.
    public func lines(for results: some Collection<TestCaseResult>) -> [String] {
        var lines: [String] = []
        for test in results where test.outcome == .failed { lines.append(failureLine(test)) }
        for test in results where test.isFlaky { lines.append(flakyLine(test)) }
        lines.append(summaryLine(for: results))
        return lines.map(masker.mask)
    }

    /// `✘ LedgerTests.testRounding() — LedgerTests.swift:38: XCTAssertEqual failed…`, masked: it is
    /// public, so masked whoever prints it (`lines(for:)` masks what it adds too).
    public func failureLine(_ test: TestCaseResult) -> String {
        let message = test.decidingAttempt?.messages.first.map { " — " + Self.oneLine($0.located) } ?? ""
        return masker.mask("✘ \(Self.shortName(test))\(message)")
    }

    /// `⚠ LedgerTests.testRounding() is flaky: failed, then passed on retry 1`
    public func flakyLine(_ test: TestCaseResult) -> String {
        masker.mask("⚠ \(Self.shortName(test)) is flaky: failed, then passed on retry \(Self.passingRetry(test))")
    }

    public func summaryLine(for results: some Collection<TestCaseResult>) -> String {
        var tally = TestTally()
        for test in results { tally.add(test.outcome, flaky: test.isFlaky) }
        var parts = ["\(tally.passed) passed", "\(tally.failed) failed", "\(tally.skipped) skipped"]
        if tally.expectedFailures > 0 {
            parts.append("\(tally.expectedFailures) expected \(tally.expectedFailures == 1 ? "failure" : "failures")")
        }
        if tally.flaky > 0 {
            let retries = Set(results.filter(\.isFlaky).map(Self.passingRetry)).sorted()
            let on = retries.count == 1 ? "retry \(retries[0])" : "retries \(retries.map(String.init).joined(separator: ", "))"
            parts.append("\(tally.flaky) flaky (passed on \(on))")
        }
        return parts.joined(separator: ", ")
    }

    /// The re-run a flaky test passed on: its deciding attempt's, not its last (a later re-run may
    /// have skipped it).
    static func passingRetry(_ test: TestCaseResult) -> Int {
        max(1, test.attempts.lastIndex { $0.outcome != .skipped } ?? test.attempts.count - 1)
    }

    /// `LedgerTests.testRounding()`: the innermost suite (the bundle for a test in none) and the
    /// name, as a reader looks for it; from the structure the reader kept, never by splitting
    /// the identifier, whose name may hold `/`.
    static func shortName(_ test: TestCaseResult) -> String {
        let suite = test.suitePath.last ?? (test.bundle.isEmpty ? nil : test.bundle)
        let name = JUnitNaming.name(of: test)
        return oneLine(suite.map { "\($0).\(name)" } ?? name)
    }

    /// A message's first line, printable (`PrintableText`: no escape sequence, controls shown as
    /// spaces), at most 200 characters.
    static func oneLine(_ text: String) -> String {
        let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let cleaned = PrintableText.oneLine(first)
        return cleaned.count > 200 ? String(cleaned.prefix(199)) + "…" : cleaned
    }
}
