/// A rejected line before it is placed in the spec (line number and offsets are added by `CronSpec`).
public struct CronLineFailure: Error, Sendable, Equatable {
    var column: Int
    var message: String
    var field: CronField?
    /// Where the offending term starts, for range and step errors (Jenkins' `column` is then the
    /// token after it).
    var termColumn: Int?
}

/// Jenkins' `MessageFormat` renders numbers with grouping (`1,000`), so messages must too.
func jenkinsNumber(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
        grouped.append(digit)
    }
    return value < 0 ? "-" + grouped : grouped
}
