import Foundation

/// Text made safe to place in an HTML document, element content or a quoted attribute alike:
/// the five characters markup gives meaning to are written as references, so a step that prints
/// `<script>` or `</style>`, or a lane named with quotes, is shown and never parsed. `=` and `:`
/// are written as references too: then no run of the document's bytes that came from a step can
/// read as an attribute (`style=`) or a URI scheme (`data:`, `javascript:`) to any tool that scans
/// it, and the tests can assert that over every byte. Characters
/// HTML forbids (NUL, the other C0 and the C1 controls but tab, newline and carriage return) and
/// Unicode's noncharacters become U+FFFD, as a browser would show them anyway, so the document
/// stays well formed whatever a tool printed.
enum HTMLText {
    static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "=": output += "&#61;"
            case ":": output += "&#58;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            default:
                output.unicodeScalars.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return output
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    /// The end of `text` when it is longer than `limit` bytes, from the first line that begins
    /// inside the limit (so no line is shown cut at its start), and how many bytes were left out.
    /// The end is kept: a failing tool's reason is in its last lines.
    static func tail(_ text: String, limit: Int) -> (text: String, omitted: Int) {
        let bytes = text.utf8
        guard bytes.count > limit else { return (text, 0) }
        var start = bytes.index(bytes.endIndex, offsetBy: -limit)
        if let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")), bytes.distance(from: newline, to: bytes.endIndex) > 1 {
            start = bytes.index(after: newline)
        }
        // On a character's first byte: never half a UTF-8 sequence.
        while start < bytes.endIndex, UTF8.isContinuation(bytes[start]) { start = bytes.index(after: start) }
        return (String(text[start...]), bytes.distance(from: bytes.startIndex, to: start))
    }

    /// The start of a one-line value (a name, a message's first line) when longer than `limit`
    /// characters, marked with an ellipsis.
    static func clipped(_ text: String, limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// A relative path as an `href`: every byte but letters, digits, `-._~` and `/` percent-encoded,
    /// so a folder named `a:b`, `#1` or `?x` stays a path (a colon in the first segment would
    /// otherwise read as a scheme, `javascript:` among them) and nothing can leave the attribute.
    static func href(_ relativePath: String) -> String {
        var output = ""
        for byte in relativePath.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return output
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
