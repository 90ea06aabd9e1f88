import NightshiftCore
/// Groovy source text for values nightshift writes into a Jenkinsfile.
enum GroovyLiteral {
    /// A single-quoted Groovy string: no `${…}` interpolation, so `$` needs no escape; backslash,
    /// quote and control characters do. Newlines become `\n`, which Jenkins' cron() splits on.
    static func string(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u" + hex4(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }

    /// A piece of a Groovy expression: text, or the value of a build variable (`env.NAME`).
    enum Part: Sendable, Hashable {
        case text(String)
        case environment(String)
    }

    /// The parts joined with `+`: text as single-quoted strings, variables as `env.NAME`, so
    /// the value is a plain String (no GString) and nothing else is interpolated.
    static func concatenation(_ parts: [Part]) -> String {
        let pieces: [String] = parts.compactMap { part in
            switch part {
            case .text(let text): text.isEmpty ? nil : string(text)
            case .environment(let name): "env.\(name)"
            }
        }
        return pieces.isEmpty ? string("") : pieces.joined(separator: " + ")
    }

    /// `// text` lines; every kind of line break in `text` starts a new comment line (Groovy ends
    /// a comment at a lone `\r` too, and the rest of the line would be code). Backslashes are
    /// doubled: Groovy reads `\u` as a Unicode escape even in comments, and fails on `\users`.
    static func comment(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line in
            let trimmed = String(line.trimmingTrailingSpaces.flatMap { $0 == "\\" ? ["\\", "\\"] : [$0] })
            return trimmed.isEmpty ? "//" : "// \(trimmed)"
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: String {
        var text = String(self)
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return text
    }
}
