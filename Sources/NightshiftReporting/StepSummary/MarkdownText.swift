import NightshiftCore

/// Text placed in GitHub-flavoured Markdown as text: no character of it can start emphasis, a
/// link, a table cell, a heading or HTML (GitHub renders some HTML in a step summary). Markdown's
/// punctuation is backslash-escaped, `<`, `>` and `&` become references, and line breaks a
/// space, so a value stays on its table row or list item. Text from steps and tools goes through
/// `plain` first (no escape sequence or control left); what HTML forbids and is still there
/// becomes U+FFFD, as in `HTMLText`.
enum MarkdownText {
    /// `text` as a terminal would show it, without what it would act on: escape sequences
    /// (colours, window titles, OSC 8 hyperlinks) go by the console's own rules
    /// (`EscapeSequenceStripper`), then every other C0 control but newline and tab, and DEL.
    /// Applied to what a step or a tool wrote before it is masked, so a secret a colour code cut
    /// in two is whole again for the masker, and before `inline` or `codeBlock` escape it.
    static func plain(_ text: String) -> String {
        var stripper = EscapeSequenceStripper()
        var bytes = stripper.strip(Array(text.utf8))
        bytes.removeAll { ($0 < 0x20 && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }
        return String(decoding: bytes, as: UTF8.self)
    }

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
