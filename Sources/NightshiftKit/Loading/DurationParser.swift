import Foundation

/// Durations as users write them: `100ms`, `90s`, `30m`, `2h`, `1h30m`, `1d`. A bare number is
/// seconds.
public enum DurationParser {
    public static func parse(_ text: String) -> Duration? {
        // Trimmed by hand: Foundation's `trimmingCharacters(in:)` showed in the load time of a
        // file with hundreds of timeouts.
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = text.firstIndex { !isBlank($0) } ?? text.endIndex
        let end = text.lastIndex { !isBlank($0) }.map(text.index(after:)) ?? start
        let text = text[start..<end]
        if let seconds = Int(text), seconds >= 0 { return .seconds(seconds) }
        var total = Duration.zero
        var digits = ""
        var unit = ""
        var sawComponent = false
        func flush() -> Bool {
            guard let value = Int(digits), let scale = units[unit] else { return false }
            total += scale * value
            digits = ""
            unit = ""
            sawComponent = true
            return true
        }
        for character in text {
            if character.isASCII, character.isNumber {
                if !unit.isEmpty, !flush() { return nil }
                digits.append(character)
            } else if character.isLetter, !digits.isEmpty {
                unit.append(character)
            } else {
                return nil
            }
        }
        if !digits.isEmpty || !unit.isEmpty { guard flush() else { return nil } }
        return sawComponent ? total : nil
    }

    private static let units: [String: Duration] = [
        "ms": .milliseconds(1), "s": .seconds(1), "m": .seconds(60), "h": .seconds(3600), "d": .seconds(86400),
    ]

    /// `1h30m`, `90s`, `250ms`: the shortest exact rendering.
    public static func format(_ duration: Duration) -> String {
        var milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds == 0 { return "0s" }
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
