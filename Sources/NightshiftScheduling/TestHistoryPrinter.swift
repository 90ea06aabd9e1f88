import Foundation
import NightshiftCore

/// `nightshift history --tests [LANE] [--last N] [--json]`: the tests that failed or passed only
/// on a retry in the last runs, most failing first; the others are counted, not listed.
public enum TestHistoryPrinter {
    public static func text(_ listing: TestHistoryListing) -> String {
        guard !listing.lanes.isEmpty else { return "No test results recorded.\n" }
        var lines: [String] = []
        for lane in listing.lanes {
            let troubled = listing.tests.filter { $0.lane == lane.lane && ($0.failed > 0 || $0.flaky > 0) }
            lines.append(
                "\(lane.lane): \(lane.tests) \(lane.tests == 1 ? "test" : "tests") in the last \(lane.runs) \(lane.runs == 1 ? "run" : "runs"); "
                    + (troubled.isEmpty
                        ? "none failed or was flaky" : "\(troubled.count) failed or \(troubled.count == 1 ? "was" : "were") flaky"))
            for test in troubled {
                // The names came from the tools: printed as the test step prints them (`PrintableText`).
                let variant = test.variant.map { " [\(PrintableText.oneLine($0))]" } ?? ""
                var parts: [String] = []
                if test.failed > 0 { parts.append("failed \(test.failed) of the last \(test.runs) \(test.runs == 1 ? "run" : "runs")") }
                if test.flaky > 0 {
                    parts.append(
                        test.failed > 0
                            ? "flaky in \(test.flaky)"
                            : "flaky in \(test.flaky) of the last \(test.runs) \(test.runs == 1 ? "run" : "runs")")
                }
                lines.append("  \(test.step): \(PrintableText.oneLine(test.identifier))\(variant): \(parts.joined(separator: ", "))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The listing as JSON, keys sorted, every test listed.
    public static func json(_ listing: TestHistoryListing) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return String(decoding: try encoder.encode(listing), as: UTF8.self) + "\n"
    }
}
