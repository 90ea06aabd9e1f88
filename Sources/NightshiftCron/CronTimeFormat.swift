public import Foundation

/// Instants as the `cron` command and the Jenkins vectors print them:
/// `YYYY-MM-DDTHH:MM:SS±HH:MM` in a zone, the offset always numeric (`+00:00` for UTC).
public enum CronTimeFormat {
    public static func string(from date: Date, in zone: TimeZone) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = zone.secondsFromGMT(for: date)
        let local = seconds + offset
        let wall = CivilMinute(epochMinute: local.floorDivided(by: 60))
        let second = local.floorModulo(60)
        let sign = offset < 0 ? "-" : "+"
        let offsetMinutes = abs(offset) / 60
        return "\(pad(wall.year, 4))-\(pad(wall.month))-\(pad(wall.day))T\(pad(wall.hour)):\(pad(wall.minute)):\(pad(second))"
            + "\(sign)\(pad(offsetMinutes / 60)):\(pad(offsetMinutes % 60))"
    }

    /// Whether `date`, printed in `zone`, has a four-digit year, the most `date(from:)` (and so
    /// `--from`) reads: no command prints a time it could not be given back.
    public static func isReadable(_ date: Date, in zone: TimeZone) -> Bool {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        return CivilMinute(epochMinute: local.floorDivided(by: 60)).year <= 9999
    }

    /// Says why a listing ends early at `isReadable`'s limit.
    public static let endOfTimeNote = "no firing is printed after the end of year 9999 (times are read and written with four-digit years)"

    /// Reads `YYYY-MM-DDTHH:MM[:SS](Z|±HH:MM)`; a time without offset is read in `zone`.
    public static func date(from text: String, defaultZone zone: TimeZone) -> Date? {
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        let group: (Int) -> String? = { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
        let numbers = (1...6).map { group($0).flatMap { Int($0) } ?? 0 }
        let wall = CivilMinute(year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4])
        guard (1...12).contains(wall.month), (1...CivilMinute.daysInMonth(year: wall.year, month: wall.month)).contains(wall.day),
            wall.hour < 24, wall.minute < 60, numbers[5] < 60
        else { return nil }
        let localSeconds = wall.epochMinute * 60 + numbers[5]
        let offset = group(7).map(offsetSeconds) ?? zone.offsetForWallTime(localSeconds)
        return Date(timeIntervalSince1970: TimeInterval(localSeconds - offset))
    }

    private static func offsetSeconds(_ text: String) -> Int {
        guard text != "Z" else { return 0 }
        let digits = text.dropFirst().filter(\.isNumber)
        let hours = Int(digits.prefix(2)) ?? 0
        let minutes = Int(digits.suffix(2)) ?? 0
        return (text.hasPrefix("-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension TimeZone {
    /// The zone's name as nightshift prints it: its identifier, except that the zone Foundation
    /// makes from `UTC` (`TZ=UTC`, `--timezone UTC`) reports itself as `GMT`; both are offset zero
    /// with no daylight saving, and `UTC` is what users set.
    public var displayIdentifier: String {
        identifier == "GMT" ? "UTC" : identifier
    }

    /// The offset that makes `localSeconds` a real wall time here; in an overlap the earlier
    /// (daylight) reading, in a gap the offset from before the gap.
    func offsetForWallTime(_ localSeconds: Int) -> Int {
        let guess = secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(localSeconds)))
        let candidates = stride(from: guess - 7200, through: guess + 7200, by: 900).map { localSeconds - $0 }
        for instant in candidates.reversed() {
            let offset = secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
            if instant + offset == localSeconds { return offset }
        }
        return guess
    }
}
