import NightshiftCore
import Yams

/// `options:` on a lane: `version: { type: string, pattern: '^\d+$', required: true }`. Every
/// declaration is checked here, with its location, so a wrong default or an unknown type is a
/// `lanes.yml:LINE:COLUMN` error before any run.
extension LanesFileParser {
    static let laneOptionKeys = LanesKeys.laneOption.names

    func parseLaneOptions(_ node: Node, context: String) -> [LaneOption] {
        guard let pairs = reader.mapping(node, in: "\(context).options", known: []) else { return [] }
        var variables: [String: String] = [:]
        return pairs.compactMap { name, keyNode, value -> LaneOption? in
            guard Interpolation.isValidName(name) else {
                bag.error(
                    "option name '\(name)' must be letters, digits and '_', not starting with a digit", at: reader.location(of: keyNode),
                    notes: ["steps read it as ${\(name)} and as \(LaneOption.variableName(for: name))"])
                return nil
            }
            if let problem = ReservedOptionName.problem(with: name) {
                bag.error(
                    "option name '\(name)' \(problem)", at: reader.location(of: keyNode),
                    notes: ["steps get each option as a variable of its name: rename the option"])
                return nil
            }
            let variable = LaneOption.variableName(for: name)
            if let other = variables[variable] {
                bag.error(
                    "options '\(other)' and '\(name)' of \(context) are both \(variable) to a step", at: reader.location(of: keyNode))
                return nil
            }
            variables[variable] = name
            return parseLaneOption(named: name, value, keyNode: keyNode, context: "option '\(name)' of \(context)")
        }
    }

    private func parseLaneOption(named name: String, _ node: Node, keyNode: Node, context: String) -> LaneOption? {
        guard let pairs = reader.mapping(node, in: context, known: Self.laneOptionKeys) else { return nil }
        var option = LaneOption(name: name, location: reader.location(of: keyNode))
        var typeName = "string"
        var values: [String]?
        var defaultNode: Node?
        var secretNode: Node?
        for (key, keyNode, value) in pairs {
            switch key {
            case "type": typeName = parseOptionType(value, context: context) ?? typeName
            case "default":
                option.defaultValue = reader.scalarText(value, "\(context).default")
                defaultNode = value
            case "pattern": option.pattern = parsePattern(value, context: context)
            case "required": option.isRequired = reader.bool(value, "\(context).required") ?? false
            case "secret":
                option.isSecret = reader.bool(value, "\(context).secret") ?? false
                secretNode = value
            case "description": option.description = reader.string(value, "\(context).description")
            case "values": values = parseChoices(value, keyNode: keyNode, context: context)
            default: break
            }
        }
        option.kind = kind(named: typeName, values: values, option: option, node: node, context: context)
        secretByName(&option, secretNode: secretNode, context: context)
        checkDeclaration(option, defaultNode: defaultNode, node: node, context: context)
        return option
    }

    /// An option named like a secret (`deploy_password`, `API_TOKEN`) is one, as a variable of
    /// that name would be: masked, a Jenkins `password` parameter, its default never shown.
    /// `secret: false` cannot make it plain, as nothing unmasks a variable so named: a warning
    /// says so.
    private func secretByName(_ option: inout LaneOption, secretNode: Node?, context: String) {
        guard !option.isSecret, let word = SecretPolicy.sensitiveWord(in: option.name) else { return }
        option.isSecret = true
        if let secretNode {
            bag.warning(
                "\(context) is secret by its name ('\(word)' is one of its parts): 'secret: false' is ignored",
                at: reader.location(of: secretNode), notes: ["rename the option if its value is no secret"])
        }
    }

    private func parseOptionType(_ node: Node, context: String) -> String? {
        guard let name = reader.string(node, "\(context).type") else { return nil }
        guard LaneOption.Kind.names.contains(name) else {
            bag.error(
                "\(context).type must be one of \(LaneOption.Kind.names.joined(separator: ", ")), found '\(name)'",
                at: reader.location(of: node), notes: Suggestion.note(for: name, among: LaneOption.Kind.names))
            return nil
        }
        return name
    }

    private func parsePattern(_ node: Node, context: String) -> String? {
        guard let pattern = reader.string(node, "\(context).pattern") else { return nil }
        if let problem = LaneOption.patternError(pattern) {
            let what = problem.kind == .malformed ? "is not a regular expression" : "uses what nightshift does not match"
            bag.error("\(context).pattern \(what): \(problem)", at: reader.location(of: node))
            return nil
        }
        return pattern
    }

    private func parseChoices(_ node: Node, keyNode: Node, context: String) -> [String]? {
        guard let items = reader.stringList(node, "\(context).values") else { return nil }
        var seen: Set<String> = []
        for (value, item) in items where !seen.insert(value).inserted {
            bag.error("\(context).values lists '\(value)' twice", at: reader.location(of: item))
        }
        if items.isEmpty { bag.error("\(context).values is empty", at: reader.location(of: node)) }
        return items.map(\.0)
    }

    private func kind(named name: String, values: [String]?, option: LaneOption, node: Node, context: String) -> LaneOption.Kind {
        switch name {
        case "int": return .int
        case "bool": return .bool
        case "choice":
            if values == nil { bag.error("\(context) is a choice and needs 'values:'", at: reader.location(of: node)) }
            return .choice(values ?? [])
        default: return .string
        }
    }

    /// What one key alone cannot tell: keys that do not fit the type, a default of the wrong
    /// type (when it is written out, not a `${VAR}` the run expands), a number with no value.
    private func checkDeclaration(_ option: LaneOption, defaultNode: Node?, node: Node, context: String) {
        let isChoice = if case .choice = option.kind { true } else { false }
        if case .mapping(let mapping) = node {
            for (keyNode, _) in mapping {
                let key = keyNode.scalar?.string
                if key == "values", !isChoice {
                    bag.error("'values' is for type: choice, not \(option.kind.name)", at: reader.location(of: keyNode))
                }
                if key == "pattern", option.kind != .string {
                    bag.error("'pattern' is for type: string, not \(option.kind.name)", at: reader.location(of: keyNode))
                }
            }
        }
        if let template = option.defaultValue, template.references.isEmpty, let problem = option.problem(with: template.raw) {
            bag.error("\(context): the default \(problem)", at: defaultNode.flatMap(reader.location(of:)))
        }
        if option.isRequired, let defaultNode {
            bag.warning("\(context) is required but has a default, so it is never missing", at: reader.location(of: defaultNode))
        }
        if option.needsValue, !option.isRequired, option.defaultValue == nil {
            bag.error(
                "\(context) is an int with no default: give it 'default:' or 'required: true'", at: option.location)
        }
    }
}
