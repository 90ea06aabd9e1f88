internal import Foundation
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
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            guard character == "$", next < text.endIndex else {
                literal.append(character)
                index = next
                continue
            }
            if text[next] == "$" {
                literal.append("$")
                index = text.index(after: next)
            } else if text[next] == "{" {
                guard let close = closingBrace(in: text, from: text.index(after: next)) else {
                    throw SyntaxError(message: "unterminated '${' in '\(text)'")
                }
                let body = String(text[text.index(after: next)..<close])
                let (name, defaultValue) = split(body)
                guard isValidName(name) else {
                    throw SyntaxError(message: "'${\(body)}' is not a valid variable reference")
                }
                // A default is a template too: its own references must be valid.
                if let defaultValue { _ = try Interpolation.pieces(of: defaultValue) }
                if !literal.isEmpty { pieces.append(.literal(literal)); literal = "" }
                pieces.append(.variable(name: name, defaultValue: defaultValue))
                index = text.index(after: close)
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    public static func references(in text: String) -> [Reference] {
        ((try? pieces(of: text)) ?? []).compactMap { piece -> Reference? in
            guard case .variable(let name, let defaultValue) = piece else { return nil }
            guard let defaultValue else { return Reference(name: name, hasDefault: false) }
            // `${A:-x}` and `${A:-${B:-x}}` need nothing; `${A:-${B}}` needs A or B.
            let fallbacks = references(in: defaultValue).filter { !$0.hasDefault }.flatMap(\.candidates)
            return Reference(name: name, hasDefault: fallbacks.isEmpty, alternatives: fallbacks)
        }
    }

    /// Expands `text`. Unset variables without a default are reported through `missing` and
    /// expand to the empty string (validation reports them before anything runs).
    public static func expand(_ text: String, in environment: EnvironmentVariables, missing: ((String) -> Void)? = nil) -> String {
        guard let pieces = try? pieces(of: text) else { return text }
        var result = ""
        for piece in pieces {
            switch piece {
            case .literal(let value): result += value
            case .variable(let name, let defaultValue):
                if let value = environment[name], !(value.isEmpty && defaultValue != nil) {
                    result += value
                } else if let defaultValue {
                    result += expand(defaultValue, in: environment, missing: missing)
                } else {
                    missing?(name)
                }
            }
        }
        return result
    }

    /// The `}` closing a `${` whose body starts at `start`, past any `${…}` nested in a default
    /// (`$$` is an escaped `$`, never an opening).
    private static func closingBrace(in text: String, from start: String.Index) -> String.Index? {
        var depth = 0
        var index = start
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "$", next < text.endIndex, text[next] == "$" || text[next] == "{" {
                if text[next] == "{" { depth += 1 }
                index = text.index(after: next)
                continue
            }
            if text[index] == "}" {
                if depth == 0 { return index }
                depth -= 1
            }
            index = next
        }
        return nil
    }

    private static func split(_ body: String) -> (String, String?) {
        guard let range = body.range(of: ":-") else { return (body, nil) }
        return (String(body[..<range.lowerBound]), String(body[range.upperBound...]))
    }

    static func isValidName(_ name: String) -> Bool {
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
    public func expand(in environment: EnvironmentVariables) -> String {
        Interpolation.expand(raw, in: environment)
    }

    public var references: [Interpolation.Reference] { Interpolation.references(in: raw) }
}
