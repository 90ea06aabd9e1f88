import NightshiftCore

/// What to paste into Buildkite for a scheduled lane: Buildkite keeps schedules in Pipeline
/// Settings, Schedules, not in pipeline.yml. A schedule has a cron interval and an Environment
/// Variables field that takes one `KEY=value` per line (the API's `env` is a list of such
/// strings): the value is the rest of the line after the first `=`, as typed, quotes and blanks
/// included. So `LANE` and each of the schedule's options get a line of their own, and a value a
/// line cannot carry (a line break, another control character, a blank at either end that the
/// comment would not show) is left out with a warning.
struct BuildkiteScheduleNote {
    let lines: [String]
    let warnings: [Diagnostic]

    init(_ plan: ExportLanePlan, schedule: PosixSchedule) {
        var warnings: [Diagnostic] = []
        guard !schedule.lines.isEmpty else {
            lines = [
                "Lane '\(plan.name)' has a schedule of comments only, no cron line: there is no schedule to add in Buildkite."
            ]
            self.warnings = []
            return
        }
        var variables = ["LANE=\(plan.name)"]
        for option in plan.options where !option.isSecret {
            guard let value = plan.schedule?.options[option.name] else { continue }
            if let problem = Self.problem(value) {
                warnings.append(
                    ExportWarnings.schedule(
                        plan,
                        "option '\(option.name)' of the schedule \(problem), which a line of Buildkite's Environment Variables field (one KEY=value per line) cannot carry: left out of the schedule note, so a scheduled build takes the option's default"
                    ))
                continue
            }
            variables.append("\(option.name)=\(value)")
        }
        let zone = schedule.timeZone.map { " in \($0)" } ?? " (UTC unless you add a zone; `nightshift schedule` reads it in the Mac's zone)"
        let crons = schedule.lines.map { "`\($0.cron)`" }.joined(separator: ", ")
        let add =
            schedule.lines.count == 1
            ? "add one with the cron interval \(crons)\(zone)"
            : "add one per cron interval, \(crons)\(zone), each"
        lines =
            [
                "Lane '\(plan.name)' runs on a schedule: in Pipeline Settings, Schedules, \(add)\nwith these Environment Variables, one per line as shown:"
            ]
            + variables.map { "  " + $0 }
        self.warnings = warnings
    }

    private static func problem(_ value: String) -> String? {
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return "holds a line break or another control character"
        }
        if let first = value.first, let last = value.last, first.isWhitespace || last.isWhitespace {
            return "starts or ends with a blank"
        }
        return nil
    }
}
