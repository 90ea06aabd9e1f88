/// The wording of cron errors. Range and step messages are Jenkins' own (`Messages.properties`),
/// so they read the same in nightshift and in the Jenkins UI; syntax messages name the field.
enum CronMessages {
    static func outOfRange(_ value: Int, _ low: Int, _ high: Int) -> String {
        "\(jenkinsNumber(value)) is an invalid value. Must be within \(jenkinsNumber(low)) and \(jenkinsNumber(high))"
    }

    static func stepNotPositive(_ step: Int) -> String {
        "step must be positive, but found \(jenkinsNumber(step))"
    }

    static func tooLarge(_ digits: String) -> String {
        "the number \(digits) is too large"
    }

    static func quoted(_ token: CronToken) -> String {
        token.isEnd ? "end of line" : "'\(token.text)'"
    }

    static func expected(_ what: String, found token: CronToken) -> String {
        "expected \(what) but found \(quoted(token))"
    }

    static func missingSeparator(before field: CronField, found token: CronToken) -> String {
        if token.isEnd {
            return "missing the \(field) field: a Jenkins cron line has 5 fields (minute hour day-of-month month day-of-week)"
        }
        return "expected a blank before the \(field) field but found \(quoted(token))"
    }

    static func unexpectedTermStart(_ token: CronToken, in field: CronField) -> String {
        "expected a number, '*' or 'H' in the \(field) field but found \(quoted(token))"
    }

    static func trailing(_ token: CronToken) -> String {
        "unexpected \(quoted(token)) after the day of week field: a Jenkins cron line has exactly 5 fields "
            + "(no seconds or year), and '#' comments go on their own line"
    }

    static let aliasList = "@yearly, @annually, @monthly, @weekly, @daily, @midnight or @hourly"

    static func badAlias(found token: CronToken) -> String {
        "expected one of \(aliasList) but found \(quoted(token))"
    }

    static func unknownTimeZone(_ identifier: String) -> String {
        "Invalid or unsupported timezone '\(identifier)'"
    }

    static func unrecognised(_ text: String, in field: CronField?) -> String {
        let place = field.map { " in the \($0) field" } ?? ""
        return "Jenkins cron does not understand '\(text)'\(place)"
    }
}
