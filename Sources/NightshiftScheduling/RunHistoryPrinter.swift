public import Foundation
import NightshiftCore
import NightshiftCron

/// `nightshift history [LANE] [--json]`.
public enum RunHistoryPrinter {
    /// A fixed-width table, newest first, times in `zone`.
    public static func table(_ records: [RunRecord], zone: TimeZone) -> String {
        guard !records.isEmpty else { return "No runs recorded.\n" }
        let header = ["LANE", "SCHEDULED", "STARTED", "ENDED", "STATUS", "EXIT", "LOGS", "TRIGGER", "NOTE"]
        let rows = records.map { record in
            [
                record.lane, CronTimeFormat.string(from: record.scheduledAt, in: zone),
                record.startedAt.map { CronTimeFormat.string(from: $0, in: zone) } ?? "-",
                record.endedAt.map { CronTimeFormat.string(from: $0, in: zone) } ?? "-",
                record.status.rawValue, record.exitCode.map(String.init) ?? "-", record.logFolder ?? "-", record.trigger.rawValue,
                record.note ?? "",
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { $0.element.padding(widths[$0.offset]) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }

    /// A JSON array with ISO-8601 times (UTC) and stable key order.
    public static func json(_ records: [RunRecord]) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(records), as: UTF8.self) + "\n"
    }
}
