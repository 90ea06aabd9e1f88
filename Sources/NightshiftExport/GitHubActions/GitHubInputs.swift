import NightshiftCore
import NightshiftLanes
import NightshiftSystem

/// A lane's options as `workflow_dispatch` inputs: `choice`, `boolean`, and `string` (an `int`
/// too, described as a whole number; nightshift checks it). The run step sets one variable per
/// option, named like it, from the input (or, in a scheduled run, from the schedule's
/// `options:`), and `nightshift run` gets it as `name=value` when not empty. A secret option is
/// no input (GitHub shows inputs in the run's event): its `NIGHTSHIFT_OPTION_NAME` comes from
/// the repository's secret of that name.
enum GitHubInputs {
    static func lines(for options: [LaneOption]) -> [String] {
        let plain = options.filter { !$0.isSecret }
        guard !plain.isEmpty else { return [] }
        // Quoted when YAML would read the name as something else (`on`, `y`, `no`).
        var lines = ["inputs:"]
        for option in plain {
            lines.append("  \(YAMLText.scalar(option.name)):")
            lines += input(option).map { line in "    " + line }
        }
        return lines
    }

    /// The run step's `env:`: each plain option from its input, or a scheduled run's value.
    static func environment(for plan: ExportLanePlan) -> [(String, String)] {
        plan.options.filter { !$0.isSecret }.map { option in
            let input = "inputs.\(option.name)"
            let name = YAMLText.scalar(option.name)
            guard let value = scheduledValue(option, plan) else { return (name, "${{ \(input) }}") }
            // Quoted as YAML too: a value may hold `: ` or ` #`, which a plain scalar cannot.
            return (name, YAMLText.scalar("${{ github.event_name == 'schedule' && \(expressionString(value)) || \(input) }}"))
        }
    }

    /// A schedule's secret option cannot be written into a workflow, nor a value with a line
    /// break into a GitHub expression's string.
    static func warnings(for plan: ExportLanePlan) -> [Diagnostic] {
        guard let schedule = plan.schedule else { return [] }
        return plan.options.compactMap { option in
            guard let value = schedule.options[option.name] else { return nil }
            let location = schedule.optionLocations[option.name] ?? schedule.location ?? plan.lane.location
            if option.isSecret {
                return .warning(
                    "schedule option '\(option.name)' of lane '\(plan.name)' is secret and left out of the workflow; the scheduled run reads the repository secret \(option.variableName)",
                    at: location)
            }
            guard value.contains(where: \.isNewline) else { return nil }
            return .warning(
                "schedule option '\(option.name)' of lane '\(plan.name)' is left out of the workflow: a GitHub expression's string cannot hold a line break; the scheduled run runs without it",
                at: location)
        }
    }

    private static func scheduledValue(_ option: LaneOption, _ plan: ExportLanePlan) -> String? {
        guard let value = plan.schedule?.options[option.name], !value.isEmpty, !value.contains(where: \.isNewline) else { return nil }
        return value
    }

    private static func input(_ option: LaneOption) -> [String] {
        var lines: [String] = []
        if let description = description(option) { lines.append("description: \(YAMLText.scalar(description))") }
        if option.isRequired && option.defaultValue == nil { lines.append("required: true") }
        // A default nightshift works out at run time (`${NOTIFY:-true}`) is no input default: the
        // input stays empty so nightshift decides, and a boolean or choice input, never empty,
        // is a string input instead. `$$` is the `$` nightshift reads.
        let isTemplated = option.defaultValue.map { !$0.references.isEmpty } ?? false
        let written = option.defaultValue.flatMap { $0.references.isEmpty ? $0.expand(in: [:]) : nil }
        switch option.kind {
        case .bool where isTemplated, .choice where isTemplated:
            lines.append("type: string")
        case .bool:
            lines += ["type: boolean", "default: \(written == "true" ? "true" : "false")"]
        case .choice(let values):
            lines += ["type: choice", "options:"] + values.map { "  - " + YAMLText.scalar($0) }
            if let written, values.contains(written) { lines.append("default: \(YAMLText.scalar(written))") }
        case .string, .int:
            lines.append("type: string")
            if let written { lines.append("default: \(YAMLText.quoted(written))") }
        }
        return lines
    }

    private static func description(_ option: LaneOption) -> String? {
        var parts = option.description.map { [$0] } ?? []
        if option.kind == .int { parts.append("a whole number") }
        if option.defaultValue.map({ !$0.references.isEmpty }) ?? false {
            if option.kind == .bool { parts.append("true or false") }
            if case .choice(let values) = option.kind { parts.append("one of \(values.joined(separator: ", "))") }
        }
        if let pattern = option.pattern { parts.append("matching \(pattern)") }
        if let template = option.defaultValue, !template.references.isEmpty { parts.append("empty for \(template.raw)") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// A single-quoted expression string: `'` doubled.
    private static func expressionString(_ value: String) -> String {
        "'" + value.replacingAll("'", with: "''") + "'"
    }
}
