import Foundation

/// Every way nightshift writes a duration for people, so each reads the same wherever it appears.
public enum DurationFormatting {
    /// `0.4s`, `12.3s`, `2m05s`, `1h02m`: how long something took (steps, lanes, waits).
    /// Formatted by hand: `String(format:)` goes through Foundation's CFString formatter, a
    /// visible cost when a lane reports 1,000 short steps.
    public static func short(_ duration: Duration) -> String {
        let seconds = duration.seconds
        if seconds < 60 {
            let tenths = Int((seconds * 10).rounded())
            return tenths < 600 ? "\(tenths / 10).\(tenths % 10)s" : "1m00s"
        }
        let whole = Int(seconds.rounded())
        if whole < 3600 { return "\(whole / 60)m\(twoDigits(whole % 60))s" }
        return "\(whole / 3600)h\(twoDigits((whole % 3600) / 60))m"
    }

    /// `1h30m`, `90s`, `250ms`: a limit as the user could have written it (`DurationParser` reads
    /// it back), the shortest exact rendering.
    public static func exact(_ duration: Duration) -> String {
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

    /// `2.0s`, `12s`: a wait before a retry, to a tenth of a second while that still matters.
    public static func wait(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds < 10 ? String(format: "%.1fs", seconds) : "\(Int(seconds.rounded()))s"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
