import Foundation
public import NightshiftCore

/// `nightshift lanes`: one row per lane with its description, configuration and schedule.
public struct LaneListing: Sendable {
    public let file: LanesFile

    public init(file: LanesFile) {
        self.file = file
    }

    public func render() -> String {
        let header = ["LANE", "CONFIGURATION", "SCHEDULE", "DESCRIPTION"]
        let rows = file.lanes.map { lane in
            [lane.name, lane.configuration ?? "-", lane.schedule.map(scheduleText) ?? "-", lane.description ?? ""]
        }
        let widths = (0..<3).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            var line = (0..<3).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }.joined(separator: "  ")
            line += "  " + row[3]
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    private func scheduleText(_ schedule: Schedule) -> String {
        let lines = schedule.cron.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        var text = lines.joined(separator: " | ")
        if schedule.trigger == .changed { text += " (when changed)" }
        return text
    }
}
