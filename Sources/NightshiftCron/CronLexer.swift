/// One token of a trimmed cron line, with its 0-based character position.
struct CronToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case number(String)
        case whitespace
        case minus, star, slash, comma, at, hash, openParen, closeParen
        case keyword(String)
        case end
    }

    var kind: Kind
    var column: Int
    var text: String

    var isEnd: Bool { kind == .end }
}

/// A character Jenkins' ANTLR lexer cannot start a token with (names, `?`, `L`, `#`, lowercase).
struct CronLexerFailure: Error, Sendable, Equatable {
    var column: Int
    var text: String
}

/// Splits a trimmed cron line into tokens exactly where Jenkins' grammar does: numbers, runs of
/// blanks, punctuation, `H`, and the lowercase alias keywords. Nothing is case-folded.
public struct CronLexer {
    public static let keywords = ["yearly", "annually", "monthly", "weekly", "daily", "midnight", "hourly"]

    private let characters: [Character]
    private var position = 0

    public init(_ line: String) {
        characters = Array(line)
    }

    mutating func nextToken() throws(CronLexerFailure) -> CronToken {
        let start = position
        guard position < characters.count else { return CronToken(kind: .end, column: start, text: "<EOF>") }
        let character = characters[position]
        if let kind = Self.punctuation(character) {
            position += 1
            return CronToken(kind: kind, column: start, text: String(character))
        }
        if character == " " || character == "\t" {
            let text = consume { $0 == " " || $0 == "\t" }
            return CronToken(kind: .whitespace, column: start, text: text)
        }
        if character.isASCII && character.isNumber {
            let text = consume { $0.isASCII && $0.isNumber }
            return CronToken(kind: .number(text), column: start, text: text)
        }
        return try keyword(startingAt: start)
    }

    /// Every token up to the end of the line; the first unlexable character wins.
    mutating func allTokens() throws(CronLexerFailure) -> [CronToken] {
        var tokens: [CronToken] = []
        while true {
            let token = try nextToken()
            tokens.append(token)
            if token.isEnd { return tokens }
        }
    }

    private static func punctuation(_ character: Character) -> CronToken.Kind? {
        switch character {
        case "-": .minus
        case "*": .star
        case "/": .slash
        case ",": .comma
        case "@": .at
        case "H": .hash
        case "(": .openParen
        case ")": .closeParen
        default: nil
        }
    }

    private mutating func consume(while accepts: (Character) -> Bool) -> String {
        let start = position
        while position < characters.count, accepts(characters[position]) { position += 1 }
        return String(characters[start..<position])
    }

    /// Longest keyword match; on failure ANTLR quotes what it read plus the character that broke it.
    private mutating func keyword(startingAt start: Int) throws(CronLexerFailure) -> CronToken {
        var length = 0
        while start + length < characters.count {
            let prefix = String(characters[start...(start + length)])
            if let word = Self.keywords.first(where: { $0 == prefix }) {
                position = start + length + 1
                return CronToken(kind: .keyword(word), column: start, text: word)
            }
            guard Self.keywords.contains(where: { $0.hasPrefix(prefix) }) else { break }
            length += 1
        }
        let end = min(start + length, characters.count - 1)
        throw CronLexerFailure(column: start, text: String(characters[start...end]))
    }
}
