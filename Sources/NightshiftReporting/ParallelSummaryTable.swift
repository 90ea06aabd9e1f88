import Foundation
import NightshiftCore
public import NightshiftEngine

/// After `nightshift run a b --parallel`: one row per lane, whatever order they ended in, with
/// where its logs are, since each lane's own table scrolled by among the others' lines.
public struct ParallelSummaryTable: Sendable {
    public let results: [LaneResult]
    public let style: ConsoleStyle

    public init(results: [LaneResult], style: ConsoleStyle) {
        self.results = results
        self.style = style
    }

    public func render() -> String {
        let header = ["lane", "result", "duration", "failed step", "logs"]
        let rows = results.map { result in
            [
                result.lane, result.status.rawValue, result.status == .notRun ? "-" : DurationFormatting.short(result.duration),
                result.firstFailure?.name ?? "-",
                result.logFolder.isEmpty ? "-" : result.logFolder,
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            var text = cells.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines = [style.bold(line(header)), line(widths.map { String(repeating: "-", count: $0) })]
        for (row, result) in zip(rows, results) {
            let text = line(row)
            switch result.status {
            case .passed: lines.append(text)
            case .passedWithWarnings: lines.append(style.yellow(text))
            case .notRun: lines.append(style.dim(text))
            case .failed, .interrupted: lines.append(style.red(text))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
