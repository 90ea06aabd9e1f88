public import Foundation

/// Every way nightshift writes an instant in UTC. Built from `gmtime_r` by hand: Foundation's ISO
/// 8601 style and `DateFormatter` go through a calendar (and ICU) for every step line Jenkins
/// shows. Seconds are truncated, as `DateFormatter` does; years have four digits.
public enum UTCTimestamp {
    /// `2025-06-15T15:06:40Z`: ISO 8601, as logs and reports carry it.
    public static func iso8601(_ date: Date) -> String {
        let time = Parts(date)
        return "\(time.day("-"))T\(time.clock(":"))Z"
    }

    /// `20250615T150640Z`: ISO 8601 basic format, for file names (no colons, awkward everywhere).
    public static func compact(_ date: Date) -> String {
        let time = Parts(date)
        return "\(time.day(""))T\(time.clock(""))Z"
    }

    /// `20250615-150640`: the start of a run id, sorting by time.
    public static func runStamp(_ date: Date) -> String {
        let time = Parts(date)
        return "\(time.day(""))-\(time.clock(""))"
    }

    /// `2025-06-15`: a day, as the Apple developer portal shows expiry dates.
    public static func day(_ date: Date) -> String {
        Parts(date).day("-")
    }

    /// The instant an RFC 3339 text names, with or without fractions of a second, in UTC or at
    /// an offset (`2022-06-08T01:38:09.498Z`, `2025-01-10T19:03:18+00:00`), as Apple's APIs
    /// write them; nil for anything else. Reading is rare (a page of an answer), so it may go
    /// through Foundation's parser.
    public static func date(rfc3339 text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    private struct Parts {
        var fields = tm()

        init(_ date: Date) {
            var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
            gmtime_r(&seconds, &fields)
        }

        func day(_ separator: String) -> String {
            let year = Int(fields.tm_year) + 1900
            let padded = year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - "\(year)".count) + "\(year)" : "\(year)"
            return [padded, Self.twoDigits(fields.tm_mon + 1), Self.twoDigits(fields.tm_mday)].joined(separator: separator)
        }

        func clock(_ separator: String) -> String {
            [fields.tm_hour, fields.tm_min, fields.tm_sec].map(Self.twoDigits).joined(separator: separator)
        }

        private static func twoDigits(_ value: Int32) -> String {
            value < 10 ? "0\(value)" : "\(value)"
        }
    }
}
