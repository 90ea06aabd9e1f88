/// YAML text for values nightshift writes into a workflow or pipeline file: a scalar is written
/// plain only when YAML 1.1 and 1.2 both read it back as that same string (no `yes`, `on`, `1.0`,
/// `~`, no indicator at its start, no `: ` or ` #` inside); else single-quoted, or double-quoted
/// with escapes when it holds a line break or another control character.
enum YAMLText {
    static func scalar(_ text: String) -> String {
        if isPlainSafe(text) { return text }
        if text.unicodeScalars.contains(where: {
            $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x85 || $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{FEFF}"
        }) {
            return doubleQuoted(text)
        }
        return "'" + text.replacingAll("'", with: "''") + "'"
    }

    /// Always quoted: for text that reads better quoted (cron lines, globs, expressions).
    static func quoted(_ text: String) -> String {
        let plain = scalar(text)
        return plain.first == "'" || plain.first == "\"" ? plain : "'" + text + "'"
    }

    /// `# text` lines; every line break starts a new comment line.
    static func comment(_ text: String, indent: String = "") -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line in
            var trimmed = String(line)
            while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
            return trimmed.isEmpty ? "\(indent)#" : "\(indent)# \(trimmed)"
        }
    }

    private static let reserved: Set<String> = [
        "y", "n", "yes", "no", "true", "false", "on", "off", "null", "~", "",
        // YAML 1.1's merge key and value key.
        "<<", "=",
    ]

    private static func isPlainSafe(_ text: String) -> Bool {
        guard !reserved.contains(text.lowercased()), let first = text.unicodeScalars.first else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " { return false }
        if text.last == " " || text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
        // A number (or anything a YAML 1.1 reader might take for one: 0x1f, 1_000, 1:20, .5) stays a string.
        if first == "." || first == "+" || ("0"..."9").contains(first) { return false }
        return text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && !"\\\"'`".unicodeScalars.contains($0) }
    }

    private static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028
                || scalar.value == 0x2029 || scalar.value == 0xFEFF:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
