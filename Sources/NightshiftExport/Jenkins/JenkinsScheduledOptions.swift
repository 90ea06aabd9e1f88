import NightshiftCore

/// A schedule's `options:` (`schedule: { cron: "H 6 * * 1", options: { version: 1.0.0 } }`) in
/// the exported trigger. Jenkins' own `cron()` starts a build with the parameters' defaults, so
/// a lane whose schedule sets a required option would exit 2 every time it fired. The
/// Parameterized Scheduler plugin's `parameterizedCron()` takes a spec line followed by
/// `% name=value;name=value` (its `ParameterizedCronTab`: the line is split at its first `%`,
/// the rest at each `;` and then at the first `=`, every part trimmed, an empty value refused).
/// A value that grammar cannot carry is left out with a warning.
enum JenkinsScheduledOptions {
    static let function = "parameterizedCron"
    /// Said above the trigger, so whoever sets up the job knows what to install.
    static let pluginComment = "// parameterizedCron() is the Parameterized Scheduler plugin's: install it on the controller."

    /// `name=value` pairs for the spec lines, in the lane's declaration order, with the Jenkins
    /// parameter names; empty when the schedule sets none that can be written.
    /// An option several lanes declare (`--single`) is written once.
    static func pairs(_ schedule: Schedule, options: [LaneOption]) -> [String] {
        var seen: Set<String> = []
        return options.compactMap { option in
            guard let value = schedule.options[option.name], problem(option, value) == nil, seen.insert(option.name).inserted else {
                return nil
            }
            return "\(JenkinsParameters.name(of: option))=\(value)"
        }
    }

    /// Why `value` cannot be written in a `parameterizedCron` line; nil when it can.
    static func problem(_ option: LaneOption, _ value: String) -> String? {
        if option.isSecret { return "it is secret, and a Jenkinsfile is no place for a secret" }
        if value.isEmpty { return "the plugin refuses an empty value" }
        if value.contains(";") { return "the plugin splits values at ';'" }
        if value.contains(where: \.isNewline) { return "a trigger line cannot hold a line break" }
        if value.first?.isWhitespace == true || value.last?.isWhitespace == true {
            return "the plugin trims the blanks around a value"
        }
        return nil
    }

    /// The schedule's spec lines with ` % pairs` after each one that is a spec (not blank, a
    /// comment or the `TZ=` line).
    static func spec(_ lines: [String], pairs: [String]) -> [String] {
        guard !pairs.isEmpty else { return lines }
        let suffix = " % " + pairs.joined(separator: ";")
        return lines.map { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("TZ=") ? line : line + suffix
        }
    }

    /// What the export cannot carry: each value left out, and every option of a `when: changed`
    /// schedule (polling starts builds with the parameters' defaults).
    static func warnings(for lane: Lane) -> [Diagnostic] {
        guard let schedule = lane.schedule, !schedule.options.isEmpty else { return [] }
        let location = { (name: String) in schedule.optionLocations[name] ?? schedule.location ?? lane.location }
        if schedule.trigger == .changed {
            return [
                .warning(
                    "lane '\(lane.name)' polls (when: changed), and pollSCM() cannot pass its schedule's options: the polled build runs with the parameters' defaults",
                    at: schedule.location ?? lane.location)
            ]
        }
        return lane.options.compactMap { option in
            guard let value = schedule.options[option.name], let problem = problem(option, value) else { return nil }
            return .warning(
                "schedule option '\(option.name)' of lane '\(lane.name)' is left out of parameterizedCron(): \(problem); the scheduled build runs without it",
                at: location(option.name))
        }
    }
}
