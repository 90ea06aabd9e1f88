import NightshiftCore

/// A lane's options as Jenkins build parameters (issue #19): `string`, `booleanParam`, `choice`,
/// and `password` for a secret one, so Jenkins hides it too. The job hands the plain ones to
/// `nightshift run` as `name=value` words, and nightshift checks them as it checks any command
/// line. A secret one never goes on a command line (`ps` shows it to every user of the agent):
/// its parameter is named `NIGHTSHIFT_OPTION_NAME`, the variable Jenkins sets from it is in
/// nightshift's environment, and nightshift reads a secret option from there
/// (`LaneOptionValues.environmentValue`).
enum JenkinsParameters {
    /// The lines of the `parameters { … }` block.
    static func lines(for options: [LaneOption]) -> [String] {
        options.map(line)
    }

    /// The parameter's name, which is also the variable Jenkins sets from it.
    static func name(of option: LaneOption) -> String {
        option.isSecret ? option.variableName : option.name
    }

    private static func line(_ option: LaneOption) -> String {
        let name = "name: \(GroovyLiteral.string(name(of: option)))"
        let description = "description: \(GroovyLiteral.string(describe(option)))"
        switch option.kind {
        case .bool:
            let value = jenkinsDefault(option) == "true" ? "true" : "false"
            return "booleanParam(\(name), defaultValue: \(value), \(description))"
        case .choice(let values):
            // Jenkins' default choice is the first one.
            let first = jenkinsDefault(option).flatMap { values.contains($0) ? $0 : nil } ?? values.first
            let ordered = first.map { [$0] + values.filter { $0 != first } } ?? values
            return "choice(\(name), choices: [\(ordered.map(GroovyLiteral.string).joined(separator: ", "))], \(description))"
        case .string, .int:
            guard !option.isSecret else { return "password(\(name), defaultValue: '', \(description))" }
            return "string(\(name), defaultValue: \(GroovyLiteral.string(jenkinsDefault(option) ?? "")), \(description))"
        }
    }

    /// A default written out; nil for one nightshift expands at run time (`${BUILD_NUMBER:-1}`):
    /// the job then leaves the parameter empty, and an empty parameter is not passed.
    private static func jenkinsDefault(_ option: LaneOption) -> String? {
        guard let template = option.defaultValue, template.references.isEmpty else { return nil }
        return template.raw
    }

    private static func describe(_ option: LaneOption) -> String {
        var parts = option.description.map { [$0] } ?? []
        if option.isSecret { parts.append("option \(option.name), secret") }
        if option.kind == .int { parts.append("a whole number") }
        if let pattern = option.pattern { parts.append("matching \(pattern)") }
        if option.isRequired { parts.append("required") }
        if let template = option.defaultValue {
            // A secret default stays in lanes.yml: the job leaves the parameter empty and
            // nightshift applies the default itself.
            if option.isSecret, option.kind == .string || option.kind == .int {
                parts.append("empty for the lane's default")
            } else if !template.references.isEmpty {
                parts.append("empty for \(template.raw)")
            }
        }
        return parts.joined(separator: "; ")
    }
}
