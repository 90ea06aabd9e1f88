import Foundation

/// Durations as users write them: `100ms`, `90s`, `30m`, `2h`, `1h30m`, `1d`. A bare number is
/// seconds.
public enum DurationParser {
    /// The duration `text` spells, saturated at about 292 million years: a value too large to
    /// represent still parses, so the caller can say it is over its bound instead of trapping.
    public static func parse(_ text: String) -> Duration? {
        // Trimmed by hand: Foundation's `trimmingCharacters(in:)` showed in the load time of a
        // file with hundreds of timeouts.
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = text.firstIndex { !isBlank($0) } ?? text.endIndex
        let end = text.lastIndex { !isBlank($0) }.map(text.index(after:)) ?? start
        let text = text[start..<end]
        if text.allSatisfy(\.isASCIIDigit), !text.isEmpty { return component(text, unit: "s").map(Duration.milliseconds) }
        var milliseconds: Int64 = 0
        var digits = ""
        var unit = ""
        var sawComponent = false
        func flush() -> Bool {
            guard let value = component(digits, unit: unit) else { return false }
            milliseconds = saturatingSum(milliseconds, value)
            digits = ""
            unit = ""
            sawComponent = true
            return true
        }
        for character in text {
            if character.isASCIIDigit {
                if !unit.isEmpty, !flush() { return nil }
                digits.append(character)
            } else if character.isLetter, !digits.isEmpty {
                unit.append(character)
            } else {
                return nil
            }
        }
        if !digits.isEmpty || !unit.isEmpty { guard flush() else { return nil } }
        return sawComponent ? .milliseconds(milliseconds) : nil
    }

    /// Whether `duration` is within `InputLimits.longestDuration`.
    public static func isWithinLimit(_ duration: Duration) -> Bool {
        duration <= InputLimits.longestDuration
    }

    /// `digits` of `unit` in milliseconds, saturated at `Int64.max`.
    private static func component(_ digits: some StringProtocol, unit: String) -> Int64? {
        guard let scale = unitMilliseconds[unit], !digits.isEmpty else { return nil }
        // Digits past Int64 are all "too large": saturate rather than fail to parse.
        let value = Int64(digits) ?? .max
        let (product, overflow) = value.multipliedReportingOverflow(by: scale)
        return overflow ? .max : product
    }

    private static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    private static let unitMilliseconds: [String: Int64] = [
        "ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000,
    ]

    /// `1h30m`, `90s`, `250ms`: the shortest exact rendering.
    public static func format(_ duration: Duration) -> String {
        let (seconds, secondsOverflow) = duration.components.seconds.multipliedReportingOverflow(by: 1000)
        var milliseconds = secondsOverflow ? Int64.max : seconds + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds <= 0 { return "0s" }
        var parts: [String] = []
        for (unit, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)] {
            if milliseconds >= size {
                parts.append("\(milliseconds / size)\(unit)")
                milliseconds %= size
            }
        }
        return parts.joined()
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
