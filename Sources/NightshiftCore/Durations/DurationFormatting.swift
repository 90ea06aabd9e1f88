public import Foundation

public enum DurationFormatting {
    /// `0.4s`, `12.3s`, `2m05s`, `1h02m`.
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

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// ISO 8601 in UTC with seconds, as logs and reports carry it: `2025-06-15T15:06:40Z`. Built
    /// from `gmtime_r` by hand; Foundation's ISO 8601 style goes through a calendar for every
    /// step line Jenkins shows.
    public static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let day = "\(parts.tm_year + 1900)-\(twoDigits(Int(parts.tm_mon) + 1))-\(twoDigits(Int(parts.tm_mday)))"
        return day + "T\(twoDigits(Int(parts.tm_hour))):\(twoDigits(Int(parts.tm_min))):\(twoDigits(Int(parts.tm_sec)))Z"
    }
}
