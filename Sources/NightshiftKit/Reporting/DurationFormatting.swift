import Foundation

enum DurationFormatting {
    /// `0.4s`, `12.3s`, `2m05s`, `1h02m`.
    static func short(_ duration: Duration) -> String {
        let seconds = duration.seconds
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let whole = Int(seconds.rounded())
        if whole < 3600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
        return String(format: "%dh%02dm", whole / 3600, (whole % 3600) / 60)
    }

    /// ISO 8601 in UTC with seconds, as logs and reports carry it.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
