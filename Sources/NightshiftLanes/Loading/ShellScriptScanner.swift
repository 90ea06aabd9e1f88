import NightshiftCore
/// Reads a POSIX shell script as `/bin/sh` would quote it, to find the `${NAME}` references the
/// shell will expand, and the names the script sets itself.
///
/// Only the exact `${NAME}` form is a reference: `$NAME`, `${NAME:-x}`, `${NAME%.*}`,
/// `${#NAME}` and the like say the script handles an unset name itself, and references inside
/// another's default (`${A:-${B}}`) are only expanded when it is unset. Nothing is a reference
/// in single quotes, after a backslash, in a comment or in a here-document whose delimiter is
/// quoted (`<<'EOF'`). `$$` is the shell's process id. Command substitutions (`$(…)`,
/// backquotes) and arithmetic are read as scripts of their own; a `case` pattern's `)` inside
/// `$(…)` ends it early, which only ever hides references.
struct ShellScriptScanner {
    struct Reference: Sendable, Hashable {
        var name: String
        /// 1-based line within the script, and 0-based character offset of its `$` there.
        var line: Int
        var offset: Int
    }

    struct Result: Sendable, Hashable {
        /// In script order, repeats included.
        public var references: [Reference] = []
        /// Assigned anywhere in the script (`NAME=`, `read NAME`, `${NAME:=x}`…).
        var assigned: Set<String> = []
    }

    static func scan(_ script: String) -> Result {
        var scanner = ShellScriptScanner(characters: Array(script))
        scanner.code(until: nil)
        return scanner.result
    }

    let characters: [Character]
    var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private var result = Result()
    /// The simple command being read, for its assignments; quoted parts stand as `quoted`, so
    /// a word with quotes never reads as a bare name.
    private var words: [String] = []
    private var word: String?
    /// The next word is a redirection's target.
    private var redirects = false
    var hereDocuments: [(delimiter: String, quoted: Bool, stripsTabs: Bool)] = []
    private static let quoted: Character = "\u{0}"

    private init(characters: [Character]) {
        self.characters = characters
    }

    func peek(_ ahead: Int = 0) -> Character? {
        index + ahead < characters.count ? characters[index + ahead] : nil
    }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < characters.count {
            if characters[index] == "\n" {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    // MARK: Code

    /// Reads commands until `closer` (`)` of `$(`, a backquote) outside quotes, or the end.
    mutating func code(until closer: Character?) {
        var parentheses = 0
        while let character = peek() {
            if character == closer, closer != ")" || parentheses == 0 {
                endCommand()
                advance()
                return
            }
            switch character {
            case "\\":
                appendToWord(Self.quoted)
                advance(2)
            case "'":
                appendToWord(Self.quoted)
                singleQuoted()
            case "\"":
                appendToWord(Self.quoted)
                doubleQuoted()
            case "`":
                appendToWord(Self.quoted)
                nested {
                    $0.advance(); $0.code(until: "`")
                }
            case "$":
                appendToWord(Self.quoted)
                dollar(counts: true)
            case "#" where word == nil:
                while let next = peek(), next != "\n" { advance() }
            case "\n":
                endCommand()
                advance()
                hereDocumentBodies()
            case " ", "\t":
                endWord()
                advance()
            case "(", ")":
                parentheses += character == "(" ? 1 : -1
                endCommand()
                advance()
            case ";", "&", "|":
                endCommand()
                advance()
            case "<" where peek(1) == "<":
                endWord()
                // `<<<` is bash's here-string, not a here-document.
                guard peek(2) != "<" else { advance(3); continue }
                advance(2)
                let stripsTabs = peek() == "-"
                if stripsTabs { advance() }
                hereDocumentDelimiter(stripsTabs: stripsTabs)
            case "<", ">":
                // A redirection's target is not an argument of the command (`read A < file`).
                endWord()
                advance(peek(1) == "&" ? 2 : 1)
                redirects = true
            default:
                appendToWord(character)
                advance()
            }
        }
        endCommand()
    }

    private mutating func appendToWord(_ character: Character) {
        word = (word ?? "") + String(character)
    }

    private mutating func endWord() {
        if let word {
            if redirects { redirects = false } else { words.append(word) }
        }
        word = nil
    }

    private mutating func endCommand() {
        endWord()
        result.assigned.formUnion(ShellAssignments.names(setBy: words))
        words = []
        redirects = false
    }

    /// A command substitution is a script of its own: its words are not the enclosing command's.
    /// Past `InputLimits.deepestNesting` levels, the rest of the text is skipped unread.
    mutating func nested(_ body: (inout ShellScriptScanner) -> Void) {
        guard depth < InputLimits.deepestNesting else {
            index = characters.count
            return
        }
        let saved = (words, word, redirects)
        (words, word, redirects) = ([], nil, false)
        depth += 1
        body(&self)
        depth -= 1
        (words, word, redirects) = saved
    }

    // MARK: Quotes

    private mutating func singleQuoted() {
        advance()
        while let character = peek(), character != "'" { advance() }
        advance()
    }

    /// Inside double quotes a backslash escapes only `$`, a backquote, `"`, `\` and a newline.
    private mutating func doubleQuoted(counts: Bool = true) {
        advance()
        while let character = peek() {
            switch character {
            case "\"":
                advance()
                return
            case "\\":
                advance(["$", "`", "\"", "\\", "\n"].contains(peek(1)) ? 2 : 1)
            default:
                expansionOrCharacter(counts: counts, inDoubleQuotes: true)
            }
        }
    }

    /// What every quoting context but single quotes shares: `$…`, a backquoted command, or a
    /// plain character to step over.
    mutating func expansionOrCharacter(counts: Bool, inDoubleQuotes: Bool) {
        switch peek() {
        case "$":
            dollar(counts: counts, inDoubleQuotes: inDoubleQuotes)
        case "`":
            nested {
                $0.advance(); $0.code(until: "`")
            }
        default:
            advance()
        }
    }

    // MARK: Expansions

    /// At a `$`. `counts` is false where an expansion may never happen (another's default).
    mutating func dollar(counts: Bool, inDoubleQuotes: Bool = false) {
        switch peek(1) {
        case "{":
            nested { $0.parameter(counts: counts, inDoubleQuotes: inDoubleQuotes) }
        case "(" where peek(2) == "(":
            nested { $0.arithmetic() }
        case "(":
            nested {
                $0.advance(2); $0.code(until: ")")
            }
        case let next? where next == "_" || next.isASCII && next.isLetter:
            advance()
            while let character = peek(), Self.isNameCharacter(character) { advance() }
        default:
            // `$$`, `$1`, `$?`… and a lone `$`.
            advance(peek(1).map { "$#?-!*@0123456789".contains($0) } == true ? 2 : 1)
        }
    }

    /// At the `$` of `$((`: up to the matching `))`. Not read as commands: `<<` is a shift there.
    private mutating func arithmetic() {
        advance(3)
        var parentheses = 0
        while let character = peek() {
            switch character {
            case "(":
                parentheses += 1
                advance()
            case ")" where parentheses == 0:
                advance(peek(1) == ")" ? 2 : 1)
                return
            case ")":
                parentheses -= 1
                advance()
            default:
                expansionOrCharacter(counts: true, inDoubleQuotes: false)
            }
        }
    }

    /// At the `$` of `${`: records an exact `${NAME}`, and the name a `${NAME:=x}` assigns.
    private mutating func parameter(counts: Bool, inDoubleQuotes: Bool) {
        let start = (line: line, offset: index - lineStart)
        advance(2)
        let isLength = peek() == "#" && peek(1) != "}"
        if isLength { advance() }
        var name = ""
        while let character = peek(), Self.isNameCharacter(character) {
            name.append(character)
            advance()
        }
        if peek() == "}" {
            advance()
            if counts, !isLength, Interpolation.isValidName(name) {
                result.references.append(Reference(name: name, line: start.line, offset: start.offset))
            }
            return
        }
        if peek() == "=" || (peek() == ":" && peek(1) == "="), Interpolation.isValidName(name) {
            result.assigned.insert(name)
        }
        parameterWord(inDoubleQuotes: inDoubleQuotes)
    }

    /// The rest of a `${…}` up to its `}`: a default, a pattern or a message.
    private mutating func parameterWord(inDoubleQuotes: Bool) {
        while let character = peek() {
            switch character {
            case "}":
                advance()
                return
            case "\\":
                advance(2)
            case "'" where !inDoubleQuotes:
                singleQuoted()
            case "\"":
                doubleQuoted(counts: false)
            default:
                expansionOrCharacter(counts: false, inDoubleQuotes: inDoubleQuotes)
            }
        }
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }
}
