public import NightshiftSystem

/// Expands `${VAR}` and `${VAR:-default}` in templates; `$$` is a literal `$`. A default is a
/// template too, so `${VAR:-${OTHER}}` falls back to another variable. A `$` followed by anything
/// else is kept as it is, so shell scripts using `$1` or `$HOME` pass through untouched.
public enum Interpolation {
    public struct Reference: Sendable, Hashable {
        public var name: String
        /// Whether the reference expands without anything from the environment (a default that
        /// needs no variable).
        public var hasDefault: Bool
        /// Variables that stand in when `name` is unset (`B` in `${A:-${B}}`): any one of them
        /// set is enough.
        public var alternatives: [String] = []

        /// `name`, then its alternatives.
        public var candidates: [String] { [name] + alternatives }

        public init(name: String, hasDefault: Bool, alternatives: [String] = []) {
            self.name = name
            self.hasDefault = hasDefault
            self.alternatives = alternatives
        }
    }

    public enum Piece: Sendable, Hashable {
        case literal(String)
        case variable(name: String, defaultValue: String?)
    }

    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public static func pieces(of text: String) throws(SyntaxError) -> [Piece] {
        try TemplateSyntax.parse(text).map { part in
            switch part {
            case .literal(let value): .literal(value)
            case .variable(let name, let defaultText, _): .variable(name: name, defaultValue: defaultText.map(String.init))
            }
        }
    }

    public static func references(in text: String) -> [Reference] {
        references(in: (try? TemplateSyntax.parse(text)) ?? [])
    }

    static func references(in parts: [TemplateSyntax.Part]) -> [Reference] {
        parts.compactMap { part -> Reference? in
            guard case .variable(let name, _, let defaultParts) = part else { return nil }
            guard let defaultParts else { return Reference(name: name, hasDefault: false) }
            // `${A:-x}` and `${A:-${B:-x}}` need nothing; `${A:-${B}}` needs A or B.
            let fallbacks = references(in: defaultParts).filter { !$0.hasDefault }.flatMap(\.candidates)
            return Reference(name: name, hasDefault: fallbacks.isEmpty, alternatives: fallbacks)
        }
    }

    /// Expands `text`. Unset variables without a default are reported through `missing` and
    /// expand to the empty string (validation reports them before anything runs).
    public static func expand(_ text: String, in environment: EnvironmentVariables, missing: ((String) -> Void)? = nil) -> String {
        expand(parsed: try? TemplateSyntax.parse(text), text, in: environment, missing: missing)
    }

    static func expand(
        parsed parts: [TemplateSyntax.Part]?, _ text: String, in environment: EnvironmentVariables, missing: ((String) -> Void)?
    ) -> String {
        guard let parts else { return text }
        var result = ""
        expand(parts, in: environment, into: &result, missing: missing)
        return result
    }

    private static func expand(
        _ parts: [TemplateSyntax.Part], in environment: EnvironmentVariables, into result: inout String, missing: ((String) -> Void)?
    ) {
        for part in parts {
            switch part {
            case .literal(let value): result += value
            case .variable(let name, _, let defaultParts):
                if let value = environment[name], !(value.isEmpty && defaultParts != nil) {
                    result += value
                } else if let defaultParts {
                    expand(defaultParts, in: environment, into: &result, missing: missing)
                } else {
                    missing?(name)
                }
            }
        }
    }

    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.isASCIILetter else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.isASCIILetter || ("0"..."9").contains($0) }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension Template {
    public func expand(in environment: EnvironmentVariables, missing: ((String) -> Void)? = nil) -> String {
        Interpolation.expand(parsed: parts, raw, in: environment, missing: missing)
    }

    public var references: [Interpolation.Reference] { parts.map(Interpolation.references(in:)) ?? [] }
}
