/// Turns one trimmed, non-comment line into its fields: an `@alias` or five fields.
/// Lexer errors anywhere in a five-field line win over parser errors, as in Jenkins; an alias
/// line is only lexed one token past its keyword, which is why Jenkins ignores `@daily junk`.
public enum CronLineReader {
    public static func read(_ line: String, hash: inout CronHash) throws(CronLineFailure) -> (fields: CronFieldSet, isAlias: Bool) {
        if line.hasPrefix("@") {
            return (try readAlias(line, hash: &hash), true)
        }
        var lexer = CronLexer(line)
        let tokens: [CronToken]
        do {
            tokens = try lexer.allTokens()
        } catch {
            throw lexerFailure(error, in: line)
        }
        var parser = CronLineParser(tokens: tokens)
        return (try parser.parseFields(hash: &hash), false)
    }

    public static func expansion(of alias: String) -> String {
        switch alias {
        case "yearly", "annually": "H H H H *"
        case "monthly": "H H H * *"
        case "weekly": "H H * * H"
        case "daily": "H H * * *"
        case "midnight": "H H(0-2) * * *"
        default: "H * * * *"
        }
    }

    private static func readAlias(_ line: String, hash: inout CronHash) throws(CronLineFailure) -> CronFieldSet {
        var lexer = CronLexer(line)
        do {
            _ = try lexer.nextToken()
            let keyword = try lexer.nextToken()
            guard case .keyword(let alias) = keyword.kind else {
                throw CronLineFailure(column: keyword.column, message: CronMessages.badAlias(found: keyword))
            }
            _ = try lexer.nextToken()
            var expansionLexer = CronLexer(expansion(of: alias))
            var parser = CronLineParser(tokens: try expansionLexer.allTokens())
            return try parser.parseFields(hash: &hash)
        } catch let failure as CronLexerFailure {
            throw lexerFailure(failure, in: line)
        } catch let failure as CronLineFailure {
            throw failure
        } catch {
            throw CronLineFailure(column: 0, message: "\(error)")
        }
    }

    private static func lexerFailure(_ failure: CronLexerFailure, in line: String) -> CronLineFailure {
        let field = fieldIndex(at: failure.column, in: line)
        var message = CronMessages.unrecognised(failure.text, in: field)
        if let hint = CronNameHint.hint(for: line, at: failure.column) { message += ": " + hint }
        return CronLineFailure(column: failure.column, message: message, field: field)
    }

    /// Which field a column falls in, counting runs of blanks before it (nil past the fifth).
    private static func fieldIndex(at column: Int, in line: String) -> CronField? {
        guard !line.hasPrefix("@") else { return nil }
        var runs = 0
        var previousWasBlank = false
        for character in line.prefix(column) {
            let blank = character == " " || character == "\t"
            if blank && !previousWasBlank { runs += 1 }
            previousWasBlank = blank
        }
        return CronField(rawValue: runs)
    }
}
