import Foundation
public import NightshiftCore
public import NightshiftEngine

/// The run as a GitHub Actions step summary (`$GITHUB_STEP_SUMMARY`): per lane, its result and
/// duration, the failing step and its reason first, a table of the steps, the tests with the
/// failed and flaky ones named, and the failing step's last lines. GitHub refuses a step's
/// summary over 1 MiB (every write of the step counted), so this one fits in what is left,
/// dropping detail (output, then test names, then the table) before it would not.
public struct StepSummaryMarkdown: Sendable {
    /// GitHub's limit for one step's summary.
    public static let gitHubLimit = 1024 * 1024

    public var results: [LaneResult]

    public init(results: [LaneResult]) {
        self.results = results
    }

    /// The summary, masked, in at most `limit` bytes: the fullest that fits, else a line per
    /// lane, else nothing.
    public func render(secrets: RunSecrets, limit: Int) -> MaskedText {
        let masker = secrets.masker
        for detail in [Detail.full, .withoutOutput, .withoutTestNames, .verdictsOnly] {
            let text = secrets.masked(results.map { lane($0, detail: detail, masker: masker) }.joined(separator: "\n") + "\n")
            if text.text.utf8.count <= limit { return text }
        }
        return secrets.masked("")
    }

    enum Detail: Int, Comparable {
        case verdictsOnly, withoutTestNames, withoutOutput, full
        static func < (lhs: Detail, rhs: Detail) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How much of long values is shown: the page is a glance, the logs and reports are whole.
    static let outputBytes = 8 * 1024
    static let namesListed = 50
    static let stepRows = 200
    static let valueCharacters = 500

    private func lane(_ result: LaneResult, detail: Detail, masker: SecretMasker) -> String {
        // Every value may come from a step or a tool (a step's name, a test's, a message): shown
        // plain, then masked, then escaped.
        func shown(_ value: String) -> String { HTMLText.clipped(masker.mask(MarkdownText.plain(value)), limit: Self.valueCharacters) }
        func text(_ value: String) -> String { MarkdownText.inline(shown(value)) }
        let icon = result.status == .passed ? "✅" : result.status == .passedWithWarnings ? "⚠️" : result.status == .notRun ? "⏭️" : "❌"
        let duration = result.status == .notRun ? "" : " in \(DurationFormatting.short(result.duration))"
        // A blank line first: what an earlier step wrote may not end its last line.
        var lines = ["", "### \(icon) nightshift: lane \(text(result.lane)) \(result.status.rawValue)\(duration)", ""]
        if let message = result.message { lines += [text(message), ""] }
        if let failed = result.firstFailure {
            var facts = [failed.status.rawValue]
            if let reason = failed.reason { facts.append("reason \(reason.rawValue)") }
            if let code = failed.exitCode { facts.append("exit status \(code)") }
            lines += ["**Failed at step \(text(failed.name))**: \(text(failed.message ?? failed.status.rawValue))", ""]
            lines += ["\(facts.map(MarkdownText.inline).joined(separator: " · "))", ""]
        }
        guard detail > .verdictsOnly else { return lines.joined(separator: "\n") }
        if !result.steps.isEmpty {
            lines += ["| step | duration | result |", "| --- | ---: | --- |"]
            for step in result.steps.prefix(Self.stepRows) {
                let time = [.notRun, .skipped, .reused].contains(step.status) ? "–" : DurationFormatting.short(step.duration)
                lines.append("| \(text(step.name)) | \(time) | \(step.status.isFailure ? "❌ " : "")\(step.status.rawValue) |")
            }
            if result.steps.count > Self.stepRows { lines.append("| … \(result.steps.count - Self.stepRows) more | | |") }
            lines.append("")
        }
        for step in result.steps {
            if let report = step.tests { lines += tests(report, of: step, names: detail > .withoutTestNames, text: text) }
        }
        if detail == .full, let failed = result.firstFailure, !failed.outputTail.isEmpty {
            let tail = HTMLText.tail(masker.mask(MarkdownText.plain(failed.outputTail)), limit: Self.outputBytes).text
            // Inside HTML Markdown is not read: the name is escaped as HTML there.
            // On one line: a blank line in it would end the HTML block, and what follows would
            // be read as Markdown again.
            let name = HTMLText.escaped(String(shown(failed.name).map { $0.isNewline ? " " : $0 }))
            lines += ["<details><summary>last lines of \(name)</summary>", "", MarkdownText.codeBlock(tail), "</details>", ""]
        }
        return lines.joined(separator: "\n")
    }

    private func tests(_ report: TestStepReport, of step: StepResult, names: Bool, text: (String) -> String) -> [String] {
        let tally = report.tally
        var counts = ["\(tally.passed) passed", "\(tally.failed) failed", "\(tally.skipped) skipped"]
        if tally.flaky > 0 { counts.append("\(tally.flaky) flaky") }
        var coverage = ""
        if let line = report.lineCoverage { coverage = "; line coverage " + String(format: "%.1f%%", line * 100) }
        var lines = ["**Tests** (\(text(step.name))): \(counts.joined(separator: ", ")) of \(tally.total)\(coverage)", ""]
        guard names else { return lines }
        // One pass over the records, read one at a time; only the names listed are kept.
        var failed = FirstListed<TestCaseRecord>(limit: Self.namesListed)
        var flaky = FirstListed<TestCaseRecord>(limit: Self.namesListed)
        for test in report.tests {
            if test.outcome == .failed { failed.add(test) }
            if test.isFlaky && test.outcome.isPass { flaky.add(test) }
        }
        for (label, group) in [("failed", failed), ("flaky", flaky)] {
            lines += group.kept.map { test in "- \(label): \(text(test.variant.map { "\(test.identifier) [\($0)]" } ?? test.identifier))" }
            if group.left > 0 { lines.append("- … \(group.left) more \(label)") }
        }
        return lines + [""]
    }
}
