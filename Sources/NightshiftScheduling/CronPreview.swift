public import Foundation
import NightshiftCore
public import NightshiftCron

/// What `nightshift cron SPEC …` asks for.
public struct CronQuery: Sendable, Hashable {
    /// Where the query's zone comes from, as `--explain` names it.
    public enum ZoneOrigin: String, Sendable, Hashable {
        case option = "--timezone"
        case system = "the system zone"
    }

    public var spec: String
    /// The hash seed (a Jenkins job's full name); nil behaves like Jenkins with no job.
    public var seed: String?
    public var from: Date
    /// The zone for lines without `TZ=`, and the one firings are printed in.
    public var timeZone: TimeZone
    public var timeZoneOrigin: ZoneOrigin
    public var count: Int
    public var previous: Bool
    public var explain: Bool

    public init(
        spec: String, seed: String? = nil, from: Date, timeZone: TimeZone, timeZoneOrigin: ZoneOrigin = .system, count: Int = 5,
        previous: Bool = false, explain: Bool = false
    ) {
        self.spec = spec
        self.seed = seed
        self.from = from
        self.timeZone = timeZone
        self.timeZoneOrigin = timeZoneOrigin
        self.count = count
        self.previous = previous
        self.explain = explain
    }
}

/// The scheduler's dry run: the lines `nightshift cron` prints.
public enum CronPreview {
    /// The next `count` firings at or after `from` (rounded up to the minute), or with `previous`
    /// the last one at or before it, one `YYYY-MM-DDTHH:MM:SS±HH:MM` per line in the query's zone;
    /// with `explain`, the resolved fields and a description come first.
    /// - Throws: `CronSyntaxError` for a spec Jenkins rejects (the CLI prints it and exits 2).
    public static func lines(for query: CronQuery) throws(CronSyntaxError) -> [String] {
        var lines: [String] = []
        try write(for: query, line: { lines.append($0) }, note: { _ in })
        return lines
    }

    /// `lines(for:)`, handed out one at a time as each firing is found, so that memory stays flat
    /// whatever the count. Firings stop at the end of year 9999, the last `--from` reads, with a
    /// `note` saying so.
    /// - Throws: `CronSyntaxError` before any line, for a spec Jenkins rejects.
    public static func write(for query: CronQuery, line: (String) -> Void, note: (String) -> Void) throws(CronSyntaxError) {
        let spec = try CronSpec(query.spec, seed: query.seed)
        if query.explain {
            let explanation = CronExplanation(
                spec: spec, defaultZone: query.timeZone.displayIdentifier, defaultZoneOrigin: query.timeZoneOrigin.rawValue)
            explanation.lines.forEach(line)
        }
        if query.previous {
            guard let firing = spec.previous(atOrBefore: query.from, defaultTimeZone: query.timeZone) else { return }
            if query.explain { ["", "Last firing:"].forEach(line) }
            line(CronTimeFormat.string(from: firing, in: query.timeZone))
            return
        }
        var cursor = query.from
        var printed = 0
        while printed < query.count, let firing = spec.next(atOrAfter: cursor, defaultTimeZone: query.timeZone) {
            guard CronTimeFormat.isReadable(firing, in: query.timeZone) else {
                note(CronTimeFormat.endOfTimeNote)
                return
            }
            if printed == 0 && query.explain { ["", "Next firings:"].forEach(line) }
            line(CronTimeFormat.string(from: firing, in: query.timeZone))
            printed += 1
            cursor = firing.addingTimeInterval(60)
        }
    }
}
