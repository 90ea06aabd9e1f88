/// Text for XML 1.0 documents nightshift writes (the JUnit report, the launchd agent's plist).
public enum XMLText {
    /// `text` escaped for element content and attribute values alike (`&`, `<`, `>`, `"`, `'`),
    /// without the characters XML 1.0 cannot carry at all, escaped or not: the C0 controls but
    /// tab, line feed and carriage return (a step's terminal escapes), and U+FFFE and U+FFFF. A
    /// reader such as Jenkins' JUnit plugin or launchd rejects the whole file for one of them.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
