/// The five fields of a Jenkins cron line, with the bounds Jenkins' `BaseParser` enforces.
public enum CronField: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case minute, hour, dayOfMonth, month, dayOfWeek

    /// Bounds for plain numbers, ranges and `*` (day of week allows 7 for Sunday).
    var lowerBound: Int {
        switch self {
        case .minute, .hour, .dayOfWeek: 0
        case .dayOfMonth, .month: 1
        }
    }

    var upperBound: Int {
        switch self {
        case .minute: 59
        case .hour: 23
        case .dayOfMonth: 31
        case .month: 12
        case .dayOfWeek: 7
        }
    }

    /// Plain `H` and `H/n` stay within 1–28 for days (every month has them) and 0–6 for weekdays.
    var hashUpperBound: Int {
        switch self {
        case .dayOfMonth: 28
        case .dayOfWeek: 6
        default: upperBound
        }
    }

    public var description: String {
        switch self {
        case .minute: "minute"
        case .hour: "hour"
        case .dayOfMonth: "day of month"
        case .month: "month"
        case .dayOfWeek: "day of week"
        }
    }
}
