/// Parses a template in one pass, defaults included, so expanding and listing references never
/// parse the same text twice: `${A:-${A:-…}}` costs its length, not its length times its depth.
///
/// A first pass pairs every `${` with its `}` (a stack, `$$` skipped as an escaped `$`); the
/// second reads the pieces, descending into defaults, at most `InputLimits.deepestNesting` deep.
struct TemplateSyntax {
    /// A piece of a parsed template; a default keeps its own pieces.
    indirect enum Part: Sendable {
        case literal(String)
        case variable(name: String, defaultText: Substring?, defaultParts: [Part]?)
    }

    private let text: String
    /// For the `$` of each `${`, the index of its closing `}` (nil when none closes it).
    private var closings: [String.Index: String.Index?] = [:]

    static func parse(_ text: String) throws(Interpolation.SyntaxError) -> [Part] {
        let syntax = TemplateSyntax(text: text)
        return try syntax.parts(in: text.startIndex..<text.endIndex, depth: 0)
    }

    private init(text: String) {
        self.text = text
        var open: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "$", next < text.endIndex, text[next] == "$" || text[next] == "{" {
                if text[next] == "{" {
                    open.append(index)
                    closings[index] = .some(nil)
                }
                index = text.index(after: next)
                continue
            }
            if text[index] == "}", let opening = open.popLast() { closings[opening] = index }
            index = next
        }
    }

    private func parts(in range: Range<String.Index>, depth: Int) throws(Interpolation.SyntaxError) -> [Part] {
        var parts: [Part] = []
        var literal = ""
        var index = range.lowerBound
        while index < range.upperBound {
            let next = text.index(after: index)
            guard text[index] == "$", next < range.upperBound, text[next] == "$" || text[next] == "{" else {
                literal.append(text[index])
                index = next
                continue
            }
            if text[next] == "$" {
                literal.append("$")
                index = text.index(after: next)
                continue
            }
            guard let close = closings[index] ?? nil else { throw .init(message: "unterminated '${' in '\(text)'") }
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            parts.append(try variable(bodyAt: text.index(after: next)..<close, depth: depth))
            index = text.index(after: close)
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }

    /// `NAME` or `NAME:-default`: the name is checked before the default is read, so the first
    /// bad reference in the text is the one reported.
    private func variable(bodyAt body: Range<String.Index>, depth: Int) throws(Interpolation.SyntaxError) -> Part {
        let nameEnd = text[body].firstIndex { !Self.isNameCharacter($0) } ?? body.upperBound
        let name = String(text[body.lowerBound..<nameEnd])
        let rest = text[nameEnd..<body.upperBound]
        guard Interpolation.isValidName(name), rest.isEmpty || rest.hasPrefix(":-") else {
            throw .init(message: "'${\(text[body])}' is not a valid variable reference")
        }
        guard !rest.isEmpty else { return .variable(name: name, defaultText: nil, defaultParts: nil) }
        guard depth < InputLimits.deepestNesting else {
            throw .init(message: "defaults nest more than \(InputLimits.deepestNesting) deep in '${\(name):-…}'")
        }
        let defaultRange = text.index(nameEnd, offsetBy: 2)..<body.upperBound
        return .variable(name: name, defaultText: text[defaultRange], defaultParts: try parts(in: defaultRange, depth: depth + 1))
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }
}
