internal import Foundation
import NightshiftCore
import NightshiftCron

/// A lane's `schedule:` as the POSIX cron lines GitHub Actions and Buildkite take: each line's
/// `H` drawn as `nightshift schedule` draws it (hashed from the lane's name or `seed:`), aliases
/// (`@daily`) written out, a full field as `*`. So the engine fires at the minutes nightshift
/// would, in the zone of the spec's `TZ=` line or the lane's `timezone:`. What still differs is
/// said in `notes`, each sentence exact: these are the comments above the exported schedule.
struct PosixSchedule: Sendable, Hashable {
    struct Line: Sendable, Hashable {
        /// `minute hour day-of-month month day-of-week`.
        var cron: String
        /// The line as lanes.yml writes it.
        var source: String
    }

    var lines: [Line]
    /// IANA name; nil when neither the spec nor the lane names one.
    var timeZone: String?
    /// Where the engine's firing differs from `nightshift schedule`, or how a line was rewritten.
    var notes: [String]
    /// The subset of `notes` worth a warning on stderr (the rest are explanations).
    var warnings: [String]

    /// Nil for a lane without a schedule. The spec was checked when the file loaded.
    init?(_ plan: ExportLanePlan) {
        guard let schedule = plan.schedule, let spec = try? CronSpec(schedule.cron, seed: plan.hashSeed) else { return nil }
        lines = spec.lines.map { Line(cron: Self.posix($0.fields), source: $0.text) }
        timeZone = spec.timeZoneIdentifier ?? schedule.timeZone
        notes = []
        warnings = []
        let rewritten = spec.lines.filter { $0.isAlias || $0.text.contains("H") }
        if !rewritten.isEmpty {
            notes.append(
                "H and @ aliases drawn as `nightshift schedule` draws them, hashed from '\(plan.hashSeed)': "
                    + rewritten.map { "`\($0.text)` is `\(Self.posix($0.fields))`" }.joined(separator: ", ") + ".")
        }
        if spec.lines.contains(where: { $0.fields.daysOfMonth != Self.full(.dayOfMonth) && $0.fields.daysOfWeek != Self.full(.dayOfWeek) })
        {
            let text =
                "nightshift (and Jenkins) fire when both the day of month and the day of week match; POSIX cron fires when either does, so this fires on more days than `nightshift schedule`."
            notes.append(text)
            warnings.append(text)
        }
        if schedule.trigger == .changed {
            let text = "when: changed has no equivalent here: this fires at every time, whether the repository moved or not."
            notes.append(text)
            warnings.append(text)
        }
    }

    /// True when the zone moves its clocks: a firing in the skipped or repeated hour differs.
    var observesDaylightSaving: Bool {
        guard let timeZone, let zone = TimeZone(identifier: timeZone) else { return false }
        // A fixed start keeps the export the same whenever it runs.
        return zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 1_767_225_600)) != nil
    }

    private static func posix(_ fields: CronFieldSet) -> String {
        CronField.allCases.map { fields[$0] == full($0) ? "*" : fields.compressed($0) }.joined(separator: " ")
    }

    private static func full(_ field: CronField) -> UInt64 {
        switch field {
        case .minute: (1 << 60) - 1
        case .hour: (1 << 24) - 1
        case .dayOfMonth: ((1 << 32) - 1) & ~1
        case .month: ((1 << 13) - 1) & ~1
        case .dayOfWeek: (1 << 7) - 1
        }
    }
}
