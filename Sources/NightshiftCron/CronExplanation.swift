import Foundation

/// `nightshift cron --explain`: what each field of each line resolved to (with `H` drawn), and
/// the same in plain English.
public struct CronExplanation: Sendable {
    public struct LineExplanation: Sendable, Hashable {
        public var lineNumber: Int
        public var text: String
        /// Field → values, compressed as Jenkins shows them (`0-3,5,20`).
        public var fields: [CronField: String]
        /// The zone the line fires in, and where that comes from.
        public var timeZone: String
        public var timeZoneOrigin: String
        public var sentence: String
    }

    public var explanations: [LineExplanation]

    /// - Parameters:
    ///   - defaultZone: the zone for lines without `TZ=` (`--timezone`, a lane's `timezone:`, or
    ///     the system zone), by name, and `defaultZoneOrigin` says which.
    public init(spec: CronSpec, defaultZone: String, defaultZoneOrigin: String) {
        explanations = spec.lines.map { line in
            let zone = line.timeZoneIdentifier ?? defaultZone
            return LineExplanation(
                lineNumber: line.number, text: line.text,
                fields: Dictionary(uniqueKeysWithValues: CronField.allCases.map { ($0, line.fields.compressed($0)) }),
                timeZone: zone, timeZoneOrigin: line.timeZoneIdentifier == nil ? defaultZoneOrigin : "the spec's TZ= line",
                sentence: CronEnglish.sentence(for: line.fields, zone: zone))
        }
    }

    public var lines: [String] {
        guard !explanations.isEmpty else { return ["No schedules, so this never runs."] }
        return explanations.flatMap { explanation in
            ["line \(explanation.lineNumber): \(explanation.text)"]
                + CronField.allCases.map { "  \($0.description.padding(12)) \(explanation.fields[$0] ?? "")" }
                + [
                    "  \("time zone".padding(12)) \(explanation.timeZone) (\(explanation.timeZoneOrigin))",
                    "  \(explanation.sentence)",
                ]
        }
    }
}

extension String {
    public func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
