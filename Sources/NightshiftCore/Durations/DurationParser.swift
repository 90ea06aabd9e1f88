import Foundation

/// The one grammar for durations: every duration key of lanes.yml (`timeout:`, `retry.delay`,
/// `cleanup_timeout:`, `catch_up:`…), an upload's `backoff:` and every duration flag
/// (`--grace-period`). A sum of terms, each a decimal number and a unit (`d`, `h`, `m`, `s`, `ms`):
/// `1h30m`, `90s`, `1.5s`, `500ms`, `1d`; a bare number is seconds (`90`, `1.5`). Blanks around it
/// are ignored.
public enum DurationParser {
    /// The duration `text` spells, saturated at about 292 million years: a value too large to
    /// represent still parses, so the caller can say it is over its bound instead of trapping.
    public static func parse(_ text: String) -> Duration? {
        let text = trimmed(text)
        if let milliseconds = sumOfTerms(text) { return .milliseconds(milliseconds) }
        return floatingPoint(text)
    }

    /// The duration `text` spells, within `InputLimits.longestDuration`.
    public static func bounded(_ text: String) throws(DurationProblem) -> Duration {
        guard let duration = parse(text) else { throw .unreadable }
        guard isWithinLimit(duration) else { throw .tooLong }
        return duration
    }

    /// Whether `duration` is within `InputLimits.longestDuration`.
    public static func isWithinLimit(_ duration: Duration) -> Bool {
        duration <= InputLimits.longestDuration
    }

    /// Trimmed by hand: Foundation's `trimmingCharacters(in:)` showed in the load time of a file
    /// with hundreds of timeouts.
    private static func trimmed(_ text: String) -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = text.firstIndex { !isBlank($0) } ?? text.endIndex
        let end = text.lastIndex { !isBlank($0) }.map(text.index(after:)) ?? start
        return text[start..<end]
    }

    /// `1h30m`, `1.5s`, or a bare number of seconds, in milliseconds; nil when `text` is not one.
    private static func sumOfTerms(_ text: Substring) -> Int64? {
        var milliseconds: Int64 = 0
        var number = ""
        var unit = ""
        var terms = 0
        func flush() -> Bool {
            guard let value = term(number, unit: unit) else { return false }
            milliseconds = saturatingSum(milliseconds, value)
            (number, unit, terms) = ("", "", terms + 1)
            return true
        }
        for character in text {
            if character.isASCIIDigit || character == "." {
                if !unit.isEmpty, !flush() { return nil }
                number.append(character)
            } else if character.isLetter, !number.isEmpty {
                unit.append(character)
            } else {
                return nil
            }
        }
        // A bare number is seconds, but only on its own: `1h30` is a slip, not 1h and 30s.
        if terms == 0, !number.isEmpty, unit.isEmpty { unit = "s" }
        guard !number.isEmpty, flush() else { return nil }
        return milliseconds
    }

    /// `number` of `unit` in milliseconds, saturated at `Int64.max`. Whole numbers are counted
    /// exactly; a fraction goes through `Double` and is rounded to the millisecond.
    private static func term(_ number: String, unit: String) -> Int64? {
        guard let scale = units[unit], number.contains(where: \.isASCIIDigit) else { return nil }
        guard number.contains(".") else {
            // Digits past Int64 are all "too large": saturate rather than fail to parse.
            let (product, overflow) = (Int64(number) ?? .max).multipliedReportingOverflow(by: scale.milliseconds)
            return overflow ? .max : product
        }
        guard number.filter({ $0 == "." }).count == 1, let value = Double(number) else { return nil }
        return saturatingMilliseconds(value * scale.seconds * 1000)
    }

    /// What an upload's `backoff:` read before this grammar served every key: one number as Swift's
    /// `Double` reads it (`1e3`, `inf`), then an optional unit up to hours. Kept so that no value
    /// that loaded before stops loading.
    private static func floatingPoint(_ text: Substring) -> Duration? {
        let unit = ["ms", "s", "m", "h"].first { text.hasSuffix($0) } ?? ""
        guard let number = Double(String(text.dropLast(unit.count))), number >= 0 else { return nil }
        return saturatingMilliseconds(number * (units[unit]?.seconds ?? 1) * 1000).map(Duration.milliseconds)
    }

    /// `Int64(_:)` traps on infinity, NaN and anything past `Int64.max`: saturate instead, so the
    /// caller's bound check can refuse the value.
    private static func saturatingMilliseconds(_ milliseconds: Double) -> Int64? {
        guard !milliseconds.isNaN else { return nil }
        guard milliseconds < Double(Int64.max) else { return .max }
        return Int64(milliseconds.rounded())
    }

    private static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// Each unit in milliseconds (exact, for whole numbers) and in seconds (for fractions, the
    /// factors `backoff:` always used, so its rounding stays the same).
    private static let units: [String: (milliseconds: Int64, seconds: Double)] = [
        "ms": (1, 0.001), "s": (1000, 1), "m": (60_000, 60), "h": (3_600_000, 3600), "d": (86_400_000, 86_400),
    ]
}

/// Why a duration was refused, worded to follow what it is about: `timeout: 'soon' must be…`.
public enum DurationProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable
    case tooLong

    public var description: String {
        switch self {
        case .unreadable: "must be a duration such as 90s, 30m, 2h or 1h30m"
        case .tooLong: "must be at most \(DurationFormatting.exact(InputLimits.longestDuration))"
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
