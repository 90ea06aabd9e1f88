import Foundation
import NightshiftCore
import NightshiftEngine

/// The end-of-run table: step, duration, result, and the total.
struct SummaryTable {
    let result: LaneResult
    let style: ConsoleStyle

    func render() -> String {
        let rows = result.steps.map {
            [$0.name, [.notRun, .skipped, .reused].contains($0.status) ? "-" : DurationFormatting.short($0.duration), $0.status.rawValue]
        }
        let header = ["step", "duration", "result"]
        let widths = (0..<3).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }
        var lines = [style.bold(line(header)), line(widths.map { String(repeating: "-", count: $0) })]
        for (row, step) in zip(rows, result.steps) {
            let text = line(row)
            lines.append(step.status.isFailure ? style.red(text) : step.status == .failedIgnored ? style.yellow(text) : text)
        }
        // Below the table, as the build log stated it: whether the kept cache paid off.
        let cached = result.steps.compactMap { step in step.compilationCache.map { (step.name, $0) } }
        if !cached.isEmpty { lines.append("") }
        for (name, metrics) in cached { lines.append("compilation cache of \(name): \(metrics.summary)") }
        let resumed = result.attempt > 1 ? " (resumed, attempt \(result.attempt))" : ""
        let verdict =
            result.status == .notRun
            ? "lane \(result.lane) not run\(result.message.map { ": \($0)" } ?? "")"
            : "lane \(result.lane) \(result.status.rawValue) in \(DurationFormatting.short(result.duration))\(resumed)"
        lines.append("")
        lines.append(
            result.status == .passed
                ? style.green(verdict)
                : result.status == .passedWithWarnings
                    ? style.yellow(verdict) : result.status == .notRun ? style.dim(verdict) : style.red(verdict))
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
