import NightshiftCore
/// Here-documents: the body of `<<EOF` expands like double-quoted text, that of `<<'EOF'`
/// (any quoting in the delimiter) is plain text.
extension ShellScriptScanner {
    /// After `<<` or `<<-`: the delimiter word; any quoting in it makes the body literal.
    mutating func hereDocumentDelimiter(stripsTabs: Bool) {
        while peek() == " " || peek() == "\t" { advance() }
        var delimiter = "", quoted = false
        while let character = peek(), !" \t\n;&|<>()".contains(character) {
            switch character {
            case "'", "\"":
                quoted = true
                advance()
                while let inner = peek(), inner != character {
                    delimiter.append(inner)
                    advance()
                }
                advance()
            case "\\":
                quoted = true
                advance()
                if let escaped = peek() { delimiter.append(escaped) }
                advance()
            default:
                delimiter.append(character)
                advance()
            }
        }
        if !delimiter.isEmpty { hereDocuments.append((delimiter, quoted, stripsTabs)) }
    }

    /// At the start of the line after a command with `<<`: each pending here-document's body,
    /// up to its delimiter line. An unquoted body expands `$` and backquotes, and its
    /// backslashes escape only `$`, a backquote, `\` and a newline; quotes in it are plain text.
    mutating func hereDocumentBodies() {
        let pending = hereDocuments
        hereDocuments = []
        for document in pending {
            while peek() != nil {
                var end = index
                while end < characters.count, characters[end] != "\n" { end += 1 }
                var text = characters[index..<end]
                if document.stripsTabs { text = text.drop { $0 == "\t" } }
                if String(text) == document.delimiter {
                    advance(end - index + 1)
                    break
                }
                guard !document.quoted else {
                    advance(end - index + 1)
                    continue
                }
                hereDocumentLine()
            }
        }
    }

    mutating func hereDocumentLine() {
        while let character = peek() {
            switch character {
            case "\n":
                advance()
                return
            case "\\":
                advance(["$", "`", "\\", "\n"].contains(peek(1)) ? 2 : 1)
            default:
                // Quotes are plain text here, `${A:-'x'}`'s included.
                expansionOrCharacter(counts: true, inDoubleQuotes: true)
            }
        }
    }
}
