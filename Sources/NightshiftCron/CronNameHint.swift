/// Suggestions for the things people write that Jenkins cron has no syntax for, above all month
/// and day names: Jenkins has none, so say which numbers to write instead.
enum CronNameHint {
    private static let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
    private static let days = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]

    /// A hint for the unlexable text starting at `column` of `line`, if there is a useful one.
    static func hint(for line: String, at column: Int) -> String? {
        let rest = String(line.dropFirst(column))
        let word = String(rest.prefix { !$0.isWhitespace && $0 != "," })
        if let numbers = numbers(for: word) {
            return "Jenkins cron has no month or day names; write \(numbers) instead of \(word)"
        }
        switch rest.first {
        case "#": return "'#' starts a comment only at the beginning of a line"
        case "?", "L", "W": return "Jenkins cron has no '?', 'L' or 'W'; use '*', or a range such as 1-7 with a day of week"
        case "h": return "write H in capitals"
        default: return nil
        }
    }

    /// `MON-FRI` → `1-5`, `jan,jul` → `1,7`; nil unless every part is a name.
    private static func numbers(for word: String) -> String? {
        var output = ""
        var part = ""
        for character in word + "," {
            if character == "-" || character == "," {
                guard let number = number(for: part) else { return nil }
                output += number + (character == "," ? "" : "-")
                part = ""
            } else {
                part.append(character)
            }
        }
        return output.isEmpty ? nil : output
    }

    private static func number(for name: String) -> String? {
        let key = String(name.uppercased().prefix(3))
        guard name.count >= 3 else { return nil }
        if let month = months.firstIndex(of: key) { return "\(month + 1)" }
        if let day = days.firstIndex(of: key) { return "\(day)" }
        return nil
    }
}
