/// xcresulttool's localised durations, for results without `durationInSeconds` (before Xcode
/// 16.3): `0,00062s`, `0.018s`, `2s`, `1m 2,5s`, `1h 2m 3s`, `12ms`. Either decimal separator.
public enum TestDurationText {
    /// Seconds, or 0 for text it cannot read (a duration matters less than the rest of the result).
    public static func seconds(_ text: String) -> Double {
        var total = 0.0
        var sawPart = false
        for part in text.split(whereSeparator: { $0 == " " || $0 == "\u{00A0}" }) {
            let milliseconds = part.hasSuffix("ms")
            guard let unit = part.last, let scale = milliseconds ? 0.001 : scale(of: unit) else { return 0 }
            let number = part.dropLast(milliseconds ? 2 : 1).replacingOccurrences(",", with: ".")
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number),
                value.isFinite
            else { return 0 }
            total += value * scale
            sawPart = true
        }
        return sawPart ? total : 0
    }

    private static func scale(of unit: Character) -> Double? {
        switch unit {
        case "s": 1
        case "m": 60
        case "h": 3600
        default: nil
        }
    }
}

extension Substring {
    fileprivate func replacingOccurrences(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
