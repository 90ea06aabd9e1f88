import NightshiftCore
/// Parses `if:` expressions: operands are `${VAR}` references, bare words or quoted strings;
/// operators `==`, `!=`, `!`, `&&`, `||` and parentheses.
enum ConditionParser {
    struct ParseError: Error, Hashable {
        var message: String
    }

    static func parse(_ text: String, at location: SourceLocation?) throws(ParseError) -> Condition {
        var parser = Parser(tokens: try tokenize(text), location: location)
        let condition = try parser.parseOr()
        if let extra = parser.peek { throw ParseError(message: "unexpected '\(extra)' in '\(text)'") }
        return condition
    }

    private enum Token: Hashable, CustomStringConvertible {
        case word(String)
        case symbol(String)
        var description: String {
            switch self {
            case .word(let word): word
            case .symbol(let symbol): symbol
            }
        }
    }

    private static func tokenize(_ text: String) throws(ParseError) -> [Token] {
        var tokens: [Token] = []
        var chars = Array(text)[...]
        while let first = chars.first {
            if first.isWhitespace { chars.removeFirst(); continue }
            let two = String(chars.prefix(2))
            if ["==", "!=", "&&", "||"].contains(two) { tokens.append(.symbol(two)); chars.removeFirst(2); continue }
            // A lone `=`, `&` or `|` ends a word without starting one: name it, or the loop
            // below would never move past it.
            if "=&|".contains(first) { throw ParseError(message: "'\(first)' is not an operator; did you mean '\(first)\(first)'?") }
            if first == "!" || first == "(" || first == ")" { tokens.append(.symbol(String(first))); chars.removeFirst(); continue }
            if first == "'" || first == "\"" {
                chars.removeFirst()
                guard let close = chars.firstIndex(of: first) else { throw ParseError(message: "unterminated quote in '\(text)'") }
                tokens.append(.word(String(chars[..<close])))
                chars = chars[(close + 1)...]
                continue
            }
            var word = ""
            var depth = 0
            while let c = chars.first, depth > 0 || !(c.isWhitespace || "=!&|()".contains(c)) {
                if c == "{" { depth += 1 } else if c == "}" { depth -= 1 }
                word.append(c)
                chars.removeFirst()
            }
            tokens.append(.word(word))
        }
        if tokens.isEmpty { throw ParseError(message: "the condition is empty") }
        return tokens
    }

    private struct Parser {
        var tokens: [Token]
        var location: SourceLocation?
        var index = 0
        /// Parentheses and `!` open around the current token: each is a level of recursion.
        var depth = 0
        /// `&&` and `||` so far: each deepens the tree that evaluation recurses through.
        var binaryOperators = 0

        var peek: Token? { index < tokens.count ? tokens[index] : nil }

        mutating func parseOr() throws(ParseError) -> Condition {
            var lhs = try parseAnd()
            while peek == .symbol("||") { try countBinaryOperator(); lhs = .or(lhs, try parseAnd()) }
            return lhs
        }

        mutating func parseAnd() throws(ParseError) -> Condition {
            var lhs = try parseUnary()
            while peek == .symbol("&&") { try countBinaryOperator(); lhs = .and(lhs, try parseUnary()) }
            return lhs
        }

        mutating func parseUnary() throws(ParseError) -> Condition {
            if peek == .symbol("!") {
                try enterLevel()
                defer { depth -= 1 }
                return .not(try parseUnary())
            }
            if peek == .symbol("(") {
                try enterLevel()
                defer { depth -= 1 }
                let inner = try parseOr()
                guard peek == .symbol(")") else { throw ParseError(message: "missing ')'") }
                index += 1
                return inner
            }
            let lhs = try operand()
            switch peek {
            case .symbol("=="): index += 1; return .equals(lhs, try operand())
            case .symbol("!="): index += 1; return .notEquals(lhs, try operand())
            default: return .truthy(lhs)
            }
        }

        /// Consumes `!` or `(`, refusing nesting the recursion could not afford.
        mutating func enterLevel() throws(ParseError) {
            depth += 1
            index += 1
            if depth > InputLimits.deepestNesting {
                throw ParseError(message: "parentheses and '!' nest more than \(InputLimits.deepestNesting) deep")
            }
        }

        mutating func countBinaryOperator() throws(ParseError) {
            binaryOperators += 1
            index += 1
            if binaryOperators > InputLimits.mostConditionOperators {
                throw ParseError(message: "more than \(InputLimits.mostConditionOperators) '&&' and '||' in one condition")
            }
        }

        mutating func operand() throws(ParseError) -> Template {
            guard case .word(let word) = peek else {
                throw ParseError(message: peek.map { "expected a value, found '\($0)'" } ?? "expected a value at the end")
            }
            index += 1
            do { _ = try Interpolation.pieces(of: word) } catch { throw ParseError(message: error.message) }
            return Template(word, at: location)
        }
    }
}
