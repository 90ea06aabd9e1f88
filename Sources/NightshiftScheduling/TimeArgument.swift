public import Foundation
import NightshiftCore
import NightshiftCron

/// Zones and instants as the scheduler's commands take them (`--timezone`, `--from`, `--to`).
public enum TimeArgument {
    /// The zone named `name` (an IANA identifier), or `fallback` when no name is given.
    public static func zone(_ name: String?, fallback: TimeZone) throws(TimeArgumentError) -> TimeZone {
        guard let name else { return fallback }
        guard let zone = TimeZone(identifier: name) else {
            throw .unknownTimeZone(name, suggestion: Suggestion.closest(to: name, among: TimeZone.knownTimeZoneIdentifiers))
        }
        return zone
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` with `Z` or `±HH:MM`, or without an offset (then read in `zone`), or
    /// a bare `YYYY-MM-DD` (midnight); `fallback` when no text is given.
    public static func instant(_ text: String?, in zone: TimeZone, fallback: Date) throws(TimeArgumentError) -> Date {
        guard let text else { return fallback }
        let isBareDate = text.count == 10 && text.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil
        guard let date = CronTimeFormat.date(from: isBareDate ? text + "T00:00" : text, defaultZone: zone) else {
            throw .unreadableTime(text)
        }
        return date
    }
}

public enum TimeArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownTimeZone(String, suggestion: String?)
    case unreadableTime(String)

    public var description: String {
        switch self {
        case .unknownTimeZone(let name, let suggestion):
            "unknown time zone '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? " (use an IANA name such as Europe/Berlin)")
        case .unreadableTime(let text):
            "cannot read the time '\(text)': write YYYY-MM-DDTHH:MM[:SS], optionally followed by Z or ±HH:MM"
        }
    }
}
