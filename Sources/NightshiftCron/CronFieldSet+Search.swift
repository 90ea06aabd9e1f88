/// Field-by-field search for matching wall-clock minutes: each step jumps to the next allowed
/// month, day, hour or minute with bit operations, never scanning minute by minute.
extension CronFieldSet {
    /// Whether any date can ever match: some allowed month has some allowed day (Feb 29 counts).
    /// Over a 400-year Gregorian cycle every such date falls on every weekday, so this is exact.
    var canEverMatch: Bool {
        let longest = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains { month in
            months.contains(bit: month) && (daysOfMonth.lowestBit(atOrAbove: 1).map { $0 <= longest[month] } ?? false)
        } && minutes != 0 && hours != 0 && daysOfWeek != 0
    }

    /// The first matching minute at or after `start`, or nil past `lastYear`.
    func firstMatch(atOrAfter start: CivilMinute, lastYear: Int) -> CivilMinute? {
        var time = start
        while time.year <= lastYear {
            guard let month = months.lowestBit(atOrAbove: time.month), month <= 12 else {
                time = CivilMinute(year: time.year + 1, month: 1, day: 1, hour: 0, minute: 0)
                continue
            }
            if month != time.month { time = CivilMinute(year: time.year, month: month, day: 1, hour: 0, minute: 0) }
            guard let day = firstDay(year: time.year, month: month, atOrAfter: time.day) else {
                time = CivilMinute(year: time.year, month: month + 1, day: 1, hour: 0, minute: 0)
                continue
            }
            if day != time.day { time = CivilMinute(year: time.year, month: month, day: day, hour: 0, minute: 0) }
            guard let hour = hours.lowestBit(atOrAbove: time.hour), hour <= 23 else {
                time = CivilMinute(year: time.year, month: month, day: day + 1, hour: 0, minute: 0)
                continue
            }
            if hour != time.hour { time.hour = hour; time.minute = 0 }
            guard let minute = minutes.lowestBit(atOrAbove: time.minute), minute <= 59 else {
                time.hour += 1
                time.minute = 0
                continue
            }
            time.minute = minute
            return time
        }
        return nil
    }

    /// The last matching minute at or before `start`, or nil before `firstYear`.
    func lastMatch(atOrBefore start: CivilMinute, firstYear: Int) -> CivilMinute? {
        var time = start
        while time.year >= firstYear {
            guard let month = months.highestBit(atOrBelow: time.month), month >= 1 else {
                time = Self.endOfMonth(year: time.year - 1, month: 12)
                continue
            }
            if month != time.month { time = Self.endOfMonth(year: time.year, month: month) }
            guard let day = lastDay(year: time.year, month: month, atOrBefore: time.day) else {
                time = month == 1 ? Self.endOfMonth(year: time.year - 1, month: 12) : Self.endOfMonth(year: time.year, month: month - 1)
                continue
            }
            if day != time.day { time = CivilMinute(year: time.year, month: month, day: day, hour: 23, minute: 59) }
            guard let hour = hours.highestBit(atOrBelow: time.hour) else {
                time = CivilMinute(year: time.year, month: month, day: day - 1, hour: 23, minute: 59)
                continue
            }
            if hour != time.hour { time.hour = hour; time.minute = 59 }
            guard let minute = minutes.highestBit(atOrBelow: time.minute) else {
                time.hour -= 1
                time.minute = 59
                continue
            }
            time.minute = minute
            return time
        }
        return nil
    }

    private static func endOfMonth(year: Int, month: Int) -> CivilMinute {
        CivilMinute(year: year, month: month, day: CivilMinute.daysInMonth(year: year, month: month), hour: 23, minute: 59)
    }

    /// Day of month and day of week must both match (Jenkins ANDs them, unlike vixie cron).
    private func firstDay(year: Int, month: Int, atOrAfter start: Int) -> Int? {
        let length = CivilMinute.daysInMonth(year: year, month: month)
        guard start <= length else { return nil }
        var weekday = CivilMinute.weekday(year: year, month: month, day: start)
        var candidate = start
        while candidate <= length {
            guard let day = daysOfMonth.lowestBit(atOrAbove: candidate), day <= length else { return nil }
            weekday = (weekday + day - candidate) % 7
            if daysOfWeek.contains(bit: weekday) { return day }
            candidate = day + 1
            weekday = (weekday + 1) % 7
        }
        return nil
    }

    private func lastDay(year: Int, month: Int, atOrBefore start: Int) -> Int? {
        let length = CivilMinute.daysInMonth(year: year, month: month)
        var candidate = min(start, length)
        guard candidate >= 1 else { return nil }
        var weekday = CivilMinute.weekday(year: year, month: month, day: candidate)
        while candidate >= 1 {
            guard let day = daysOfMonth.highestBit(atOrBelow: candidate), day >= 1 else { return nil }
            weekday = (weekday - (candidate - day)).floorModulo(7)
            if daysOfWeek.contains(bit: weekday) { return day }
            candidate = day - 1
            weekday = (weekday + 6) % 7
        }
        return nil
    }
}
