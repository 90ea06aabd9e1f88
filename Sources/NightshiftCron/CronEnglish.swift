/// Plain-English descriptions of resolved cron fields ("At 02:49 on Monday–Friday").
enum CronEnglish {
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = [
        "", "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]

    static func sentence(for fields: CronFieldSet, zone: String) -> String {
        var parts = [time(fields)]
        if let days = days(fields) { parts.append(days) }
        if fields.months != allBits(1...12) {
            parts.append("in " + list(fields.values(of: .month).map { monthNames[$0] }))
        }
        parts.append("(\(zone) time)")
        return parts.joined(separator: " ")
    }

    private static func time(_ fields: CronFieldSet) -> String {
        let minutes = fields.values(of: .minute)
        let hours = fields.values(of: .hour)
        let everyHour = hours.count == 24
        if minutes.count == 60 { return everyHour ? "Every minute" : "Every minute of hour " + list(hours.map(String.init)) }
        if everyHour { return "At minute " + list(minutes.map(String.init)) + " of every hour" }
        if minutes.count * hours.count <= 8 {
            return "At " + list(hours.flatMap { hour in minutes.map { clock(hour, $0) } })
        }
        return "At minute " + list(minutes.map(String.init)) + " past hour " + list(hours.map(String.init))
    }

    private static func days(_ fields: CronFieldSet) -> String? {
        let allDays = fields.daysOfMonth == allBits(1...31)
        let allWeekdays = fields.daysOfWeek == allBits(0...6)
        let weekdays = list(fields.values(of: .dayOfWeek).map { dayNames[$0] })
        let monthDays = "on day " + list(fields.values(of: .dayOfMonth).map(String.init)) + " of the month"
        switch (allDays, allWeekdays) {
        case (true, true): return "every day"
        case (true, false): return "on " + weekdays
        case (false, true): return monthDays
        case (false, false): return monthDays + ", only when that day is a " + weekdays
        }
    }

    private static func clock(_ hour: Int, _ minute: Int) -> String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    private static func allBits(_ range: ClosedRange<Int>) -> UInt64 {
        range.reduce(0) { $0 | (1 << UInt64($1)) }
    }

    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
