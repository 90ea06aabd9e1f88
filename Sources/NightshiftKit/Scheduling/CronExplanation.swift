import Foundation

/// `nightshift cron --explain`: what each field of each line resolved to (with `H` drawn), and
/// the same in plain English.
public struct CronExplanation: Sendable {
    public struct LineExplanation: Sendable, Hashable {
        public var lineNumber: Int
        public var text: String
        /// Field → values, compressed as Jenkins shows them (`0-3,5,20`).
        public var fields: [CronField: String]
        public var timeZone: String?
        public var sentence: String
    }

    public var explanations: [LineExplanation]

    public init(spec: CronSpec) {
        explanations = spec.lines.map { line in
            LineExplanation(
                lineNumber: line.number, text: line.text,
                fields: Dictionary(uniqueKeysWithValues: CronField.allCases.map { ($0, line.fields.compressed($0)) }),
                timeZone: line.timeZoneIdentifier,
                sentence: CronEnglish.sentence(for: line.fields, zone: line.timeZoneIdentifier))
        }
    }

    public var lines: [String] {
        guard !explanations.isEmpty else { return ["No schedules, so this never runs."] }
        return explanations.flatMap { explanation in
            ["line \(explanation.lineNumber): \(explanation.text)"]
                + CronField.allCases.map { "  \($0.description.padding(12)) \(explanation.fields[$0] ?? "")" }
                + ["  \("time zone".padding(12)) \(explanation.timeZone ?? "default (the system zone)")",
                   "  \(explanation.sentence)"]
        }
    }
}

extension String {
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
