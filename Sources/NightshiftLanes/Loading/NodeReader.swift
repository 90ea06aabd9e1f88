import NightshiftCore
import Yams

/// Reads values out of a composed YAML tree, reporting every problem with the location of the
/// node at fault. Each accessor returns nil after reporting, so callers carry on and the whole
/// file is checked in one pass.
struct NodeReader {
    let file: String
    let bag: DiagnosticBag
    /// The file's text, to place errors found inside a value (a cron spec's bad field).
    var positions = ScalarPositionMap(text: "")

    func location(of node: Node) -> SourceLocation? {
        node.mark.map { SourceLocation(file: file, line: $0.line, column: $0.column) }
    }

    /// Where a character of a scalar's value is in the file; the scalar's start when that cannot
    /// be worked out exactly.
    func location(ofLine valueLine: Int, offset: Int, in node: Node) -> SourceLocation? {
        guard let position = positions.position(ofLine: valueLine, offset: offset, in: node) else { return location(of: node) }
        return SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// The pairs of a mapping, keys as strings, after checking every key is known.
    func mapping(_ node: Node, in context: String, known: [String]) -> [(key: String, keyNode: Node, value: Node)]? {
        guard case .mapping(let mapping) = node else {
            bag.error("\(context) must be a mapping, found \(kind(of: node))", at: location(of: node))
            return nil
        }
        var pairs: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                bag.error("keys in \(context) must be plain names", at: location(of: keyNode))
                continue
            }
            if !known.isEmpty, !known.contains(key) {
                bag.error("unknown key '\(key)' in \(context)", at: location(of: keyNode), notes: Suggestion.note(for: key, among: known))
                continue
            }
            pairs.append((key, keyNode, value))
        }
        return pairs
    }

    /// The keys `mapping(_:in:known:)` suggested for the unknown keys of `node`.
    func suggestedKeys(in node: Node, known: [String]) -> Set<String> {
        guard case .mapping(let mapping) = node else { return [] }
        return Set(
            mapping.compactMap { keyNode, _ in
                keyNode.scalar.map(\.string).flatMap { known.contains($0) ? nil : Suggestion.closest(to: $0, among: known) }
            })
    }

    func string(_ node: Node, _ what: String) -> String? {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            bag.error("\(what) must be a string, found \(kind(of: node))", at: location(of: node))
            return nil
        }
        return scalar.string
    }

    func template(_ node: Node, _ what: String) -> Template? {
        guard let text = string(node, what) else { return nil }
        do {
            _ = try Interpolation.pieces(of: text)
        } catch {
            bag.error("\(what): \(error.message)", at: location(of: node))
            return nil
        }
        return Template(text, at: location(of: node))
    }

    func bool(_ node: Node, _ what: String) -> Bool? {
        if case .scalar(let scalar) = node, scalar.style == .plain, let value = node.bool,
            ["true", "false"].contains(scalar.string.lowercased())
        {
            return value
        }
        bag.error("\(what) must be true or false, found \(describe(node))", at: location(of: node))
        return nil
    }

    func integer(_ node: Node, _ what: String, minimum: Int = 0, maximum: Int? = nil) -> Int? {
        if case .scalar(let scalar) = node, scalar.style == .plain, let value = Int(scalar.string),
            value >= minimum, value <= maximum ?? .max
        {
            return value
        }
        let range = maximum.map { "from \(minimum) to \($0)" } ?? "of at least \(minimum)"
        bag.error("\(what) must be a whole number \(range), found \(describe(node))", at: location(of: node))
        return nil
    }

    /// A duration of at most `InputLimits.longestDuration`.
    func duration(_ node: Node, _ what: String) -> Duration? {
        do throws(DurationProblem) {
            guard case .scalar(let scalar) = node else { throw .unreadable }
            return try DurationParser.bounded(scalar.string)
        } catch {
            bag.error("\(what) \(error), found \(describe(node))", at: location(of: node))
            return nil
        }
    }

    /// A list of strings; a single string is accepted as a list of one.
    func stringList(_ node: Node, _ what: String) -> [(String, Node)]? {
        if case .scalar = node, !isNull(node) { return string(node, what).map { [($0, node)] } }
        guard case .sequence(let sequence) = node else {
            bag.error("\(what) must be a list of strings, found \(kind(of: node))", at: location(of: node))
            return nil
        }
        return sequence.compactMap { item in string(item, "each entry of \(what)").map { ($0, item) } }
    }

    /// What the keys of a `templateMap` name: environment variables (`env:`), or HTTP header
    /// fields (`upload: { headers: … }`, where `Content-Type` is a fine key).
    enum MapKeys {
        case environmentVariables
        case headerFields

        func problem(with key: String) -> String? {
            switch self {
            case .environmentVariables:
                Interpolation.isValidName(key) ? nil : "'\(key)' is not a valid environment variable name"
            case .headerFields:
                Self.isHeaderFieldName(key) ? nil : "'\(key)' is not a valid HTTP header name"
            }
        }

        /// RFC 9110 §5.1: a token of letters, digits and `!#$%&'*+-.^_`|~`.
        static func isHeaderFieldName(_ key: String) -> Bool {
            !key.isEmpty
                && key.unicodeScalars.allSatisfy { scalar in
                    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
                }
        }
    }

    func templateMap(_ node: Node, _ what: String, keys: MapKeys = .environmentVariables) -> [String: Template]? {
        guard let pairs = mapping(node, in: what, known: []) else { return nil }
        var result: [String: Template] = [:]
        for pair in pairs {
            if let problem = keys.problem(with: pair.key) {
                bag.error(problem, at: location(of: pair.keyNode))
                continue
            }
            if let value = scalarText(pair.value, "\(what).\(pair.key)") { result[pair.key] = value }
        }
        return result
    }

    /// A scalar of any type (number, bool, string) taken as text, as environment values are.
    func scalarText(_ node: Node, _ what: String) -> Template? {
        guard case .scalar(let scalar) = node else {
            bag.error("\(what) must be a single value, found \(kind(of: node))", at: location(of: node))
            return nil
        }
        return template(node, what) ?? Template(scalar.string, at: location(of: node))
    }

    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    func kind(of node: Node) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        case .scalar: isNull(node) ? "nothing" : "'\(node.scalar?.string ?? "")'"
        }
    }

    func describe(_ node: Node) -> String { kind(of: node) }
}
