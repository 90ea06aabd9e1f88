/// What one cron line resolved to: a bit per allowed value of each field (bit n = value n).
/// Day of week uses bits 0–6, Sunday = 0, after Jenkins folds 7 into 0.
public struct CronFieldSet: Sendable, Hashable {
    public var minutes: UInt64
    public var hours: UInt64
    public var daysOfMonth: UInt64
    public var months: UInt64
    public var daysOfWeek: UInt64

    public init(minutes: UInt64, hours: UInt64, daysOfMonth: UInt64, months: UInt64, daysOfWeek: UInt64) {
        self.minutes = minutes
        self.hours = hours
        self.daysOfMonth = daysOfMonth
        self.months = months
        self.daysOfWeek = daysOfWeek
    }

    public subscript(field: CronField) -> UInt64 {
        switch field {
        case .minute: minutes
        case .hour: hours
        case .dayOfMonth: daysOfMonth
        case .month: months
        case .dayOfWeek: daysOfWeek
        }
    }

    /// The values of a field, ascending.
    public func values(of field: CronField) -> [Int] {
        let bits = self[field]
        return (0..<64).filter { bits & (1 << UInt64($0)) != 0 }
    }

    /// Jenkins' compressed form, e.g. `0-3,5,20,40`.
    public func compressed(_ field: CronField) -> String {
        var parts: [String] = []
        var runs: [(Int, Int)] = []
        for value in values(of: field) {
            if let last = runs.last, last.1 == value - 1 { runs[runs.count - 1].1 = value } else { runs.append((value, value)) }
        }
        for (low, high) in runs { parts.append(low == high ? "\(low)" : "\(low)-\(high)") }
        return parts.joined(separator: ",")
    }
}

extension UInt64 {
    /// The smallest set bit at or above `value`.
    func lowestBit(atOrAbove value: Int) -> Int? {
        guard value < 64 else { return nil }
        let masked = self & (UInt64.max << UInt64(Swift.max(value, 0)))
        return masked == 0 ? nil : masked.trailingZeroBitCount
    }

    /// The largest set bit at or below `value`.
    func highestBit(atOrBelow value: Int) -> Int? {
        guard value >= 0 else { return nil }
        let masked = value >= 63 ? self : self & ((1 << UInt64(value + 1)) - 1)
        return masked == 0 ? nil : 63 - masked.leadingZeroBitCount
    }

    public func contains(bit value: Int) -> Bool {
        value >= 0 && value < 64 && self & (1 << UInt64(value)) != 0
    }
}
