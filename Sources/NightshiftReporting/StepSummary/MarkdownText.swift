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
    /// Bidi controls and zero-width characters go too (issue #38): the first reorder what a reader
    /// sees (a name shown backwards, a "passed" that reads otherwise), the second hide in a name or
    /// split a secret so the masker misses it.
    static func plain(_ text: String) -> String {
        var stripper = EscapeSequenceStripper()
        var bytes = stripper.strip(Array(text.utf8))
        bytes.removeAll { ($0 < 0x20 && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }
        let decoded = String(decoding: bytes, as: UTF8.self)
        return String(String.UnicodeScalarView(decoded.unicodeScalars.filter { !isInvisibleFormatting($0) }))
    }

    /// The bidirectional embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069,
    /// U+200E, U+200F, U+061C) and the zero-width characters (U+200B–U+200D, U+2060, U+FEFF, and
    /// the invisible operators U+2061–U+2064).
    static func isInvisibleFormatting(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF: true
        default: false
        }
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
