/// Text placed in GitHub-flavoured Markdown as text: no character of it can start emphasis, a
/// link, a table cell, a heading or HTML (GitHub renders some HTML in a step summary). Markdown's
/// punctuation is backslash-escaped, `<`, `>` and `&` become references, and line breaks a
/// space, so a value stays on its table row or list item. What HTML forbids (NUL, controls)
/// becomes U+FFFD, as in `HTMLText`.
enum MarkdownText {
    static func inline(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\n", "\r", "\t": output += " "
            case "\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "+", "-", ".", "!", "|", "~", "\"", "'", ":", "=":
                output += "\\"
                output.unicodeScalars.append(scalar)
            default:
                output.unicodeScalars.append(HTMLText.isForbidden(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return output
    }

    /// A fenced code block around `text`: the fence one backtick longer than any run of
    /// backticks in it, so nothing inside can close it. Markdown shows a code block as written.
    static func codeBlock(_ text: String) -> String {
        var longest = 0
        var run = 0
        for character in text.unicodeScalars {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let clean = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.value < 0x20 && $0 != "\n" && $0 != "\t" ? "\u{FFFD}" : $0 }))
        return fence + "text\n" + clean + "\n" + fence + "\n"
    }
}
