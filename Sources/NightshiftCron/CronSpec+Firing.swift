public import Foundation

/// When a spec fires, as Jenkins actually fires it: at every whole minute whose wall-clock fields,
/// read in the line's zone, match. A wall time skipped by spring-forward never fires; one repeated
/// by fall-back fires twice.
///
/// The search walks the zone's offset segments: between two transitions the offset is fixed, so
/// wall time is instant + offset and the field-jumping search on wall time is exact there.
extension CronSpec {
    /// Every Gregorian date recurs with the same weekday within 400 years; beyond that, never.
    static let searchYears = 401

    /// The lines that never fire: no minute of 2001–2028 matches them. Those 28 years hold every
    /// date with every weekday (Feb 29 included) and the calendar repeats them until 2100, so a
    /// line silent there (`0 0 31 2 *`, February has no 31st) is silent for good. Wall time, no
    /// zone: a zone only moves the minutes. Cheap: the search jumps field by field.
    public var linesThatNeverFire: [Line] {
        let start = CivilMinute(year: 2001, month: 1, day: 1, hour: 0, minute: 0)
        return lines.filter { !$0.fields.canEverMatch || $0.fields.firstMatch(atOrAfter: start, lastYear: 2028) == nil }
    }

    /// The first firing at or after `date` (rounded up to a whole minute).
    public func next(atOrAfter date: Date, defaultTimeZone: TimeZone) -> Date? {
        let start = Int((date.timeIntervalSince1970 / 60).rounded(.up)) * 60
        return lines.compactMap { nextFiring(of: $0, atOrAfter: start, zone: $0.timeZone ?? defaultTimeZone) }
            .min().map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// The first firing strictly after `date`.
    public func next(after date: Date, defaultTimeZone: TimeZone) -> Date? {
        let start = (date.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60
        return next(atOrAfter: Date(timeIntervalSince1970: start), defaultTimeZone: defaultTimeZone)
    }

    /// The last firing at or before `date` (rounded down to a whole minute).
    public func previous(atOrBefore date: Date, defaultTimeZone: TimeZone) -> Date? {
        let start = Int((date.timeIntervalSince1970 / 60).rounded(.down)) * 60
        return lines.compactMap { previousFiring(of: $0, atOrBefore: start, zone: $0.timeZone ?? defaultTimeZone) }
            .max().map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// The next `count` firings at or after `date`; fewer when the spec stops matching.
    public func firings(atOrAfter date: Date, count: Int, defaultTimeZone: TimeZone) -> [Date] {
        var result: [Date] = []
        var cursor = date
        while result.count < count, let firing = next(atOrAfter: cursor, defaultTimeZone: defaultTimeZone) {
            result.append(firing)
            cursor = firing.addingTimeInterval(60)
        }
        return result
    }

    private func nextFiring(of line: Line, atOrAfter start: Int, zone: TimeZone) -> Int? {
        guard line.fields.canEverMatch else { return nil }
        var instant = start
        let lastYear = CivilMinute(epochMinute: start / 60).year + Self.searchYears
        while true {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
            let wall = CivilMinute(epochMinute: (instant + offset).floorDivided(by: 60))
            guard let match = line.fields.firstMatch(atOrAfter: wall, lastYear: lastYear) else { return nil }
            let candidate = match.epochMinute * 60 - offset
            guard let transition = zone.nextTransition(after: instant), candidate >= transition else { return candidate }
            instant = Int((Double(transition) / 60).rounded(.up)) * 60
        }
    }

    private func previousFiring(of line: Line, atOrBefore start: Int, zone: TimeZone) -> Int? {
        guard line.fields.canEverMatch else { return nil }
        var instant = start
        let firstYear = CivilMinute(epochMinute: start / 60).year - Self.searchYears
        while true {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
            let wall = CivilMinute(epochMinute: (instant + offset).floorDivided(by: 60))
            guard let match = line.fields.lastMatch(atOrBefore: wall, firstYear: firstYear) else { return nil }
            let candidate = match.epochMinute * 60 - offset
            let segmentStart = zone.segmentStart(atOrBefore: instant)
            guard candidate < segmentStart else { return candidate }
            instant = (segmentStart - 1).floorDivided(by: 60) * 60
        }
    }
}

extension TimeZone {
    /// The next offset change strictly after `instant` (seconds since 1970), if any.
    func nextTransition(after instant: Int) -> Int? {
        nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: TimeInterval(instant)))
            .map { Int($0.timeIntervalSince1970) }
    }

    /// Where the offset in force at `instant` began, or a point a year back if it began earlier:
    /// the offset is constant from there to `instant` either way, which is all the search needs.
    func segmentStart(atOrBefore instant: Int) -> Int {
        let probe = instant - 400 * 86_400
        var start = probe
        while let transition = nextTransition(after: start), transition <= instant { start = transition }
        return start
    }
}
