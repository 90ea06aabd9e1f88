import NightshiftCore

/// A lane's options as Jenkins build parameters (issue #19): `string`, `booleanParam`, `choice`,
/// and `password` for a secret one, so Jenkins hides it too. The job hands them to `nightshift
/// run` as `name=value` words, and nightshift checks them as it checks any command line.
enum JenkinsParameters {
    /// The lines of the `parameters { … }` block.
    static func lines(for options: [LaneOption]) -> [String] {
        options.map(line)
    }

    private static func line(_ option: LaneOption) -> String {
        let name = "name: \(GroovyLiteral.string(option.name))"
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
            let kind = option.isSecret ? "password" : "string"
            return "\(kind)(\(name), defaultValue: \(GroovyLiteral.string(jenkinsDefault(option) ?? "")), \(description))"
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
        if option.kind == .int { parts.append("a whole number") }
        if let pattern = option.pattern { parts.append("matching \(pattern)") }
        if option.isRequired { parts.append("required") }
        if let template = option.defaultValue, !template.references.isEmpty { parts.append("empty for \(template.raw)") }
        return parts.joined(separator: "; ")
    }

    /// The words after the lane in `nightshift run`: each option from the job's environment
    /// (Jenkins sets one variable per parameter), passed only when not empty, so an empty one
    /// leaves nightshift's default or its "needs option" error.
    static func runWords(for options: [LaneOption]) -> [String] {
        options.map { "${\($0.name):+\"\($0.name)=$\($0.name)\"}" }
    }
}
