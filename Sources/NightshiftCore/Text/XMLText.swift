/// Text for XML 1.0 documents nightshift writes (the JUnit report, the launchd agent's plist).
public enum XMLText {
    /// `text` escaped for element content and attribute values alike (`&`, `<`, `>`, `"`, `'`),
    /// without the characters XML 1.0 cannot carry at all, escaped or not: the C0 controls but
    /// tab, line feed and carriage return (a step's terminal escapes), and U+FFFE and U+FFFF. A
    /// reader such as Jenkins' JUnit plugin or launchd rejects the whole file for one of them.
    ///
    /// Walked on the UTF-8 bytes, and the text returned as it is when nothing changes (nearly
    /// always): a JUnit file of 4,000 failures of 16 KiB each spent most of its minute appending
    /// scalars one at a time.
    public static func escaped(_ text: String) -> String {
        var text = text
        return text.withUTF8 { escaped($0) } ?? text
    }

    /// The escaped bytes as a string, or nil when they need no change.
    private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        var copied = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let replacement: StaticString?
            var width = 1
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&apos;"
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
                continue
            case 0..<0x20: replacement = ""
            // U+FFFE and U+FFFF: EF BF BE and EF BF BF.
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE:
                replacement = ""
                width = 3
            default:
                index += 1
                continue
            }
            if out.isEmpty { out.reserveCapacity(bytes.count + 64) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            if let replacement {
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            }
            index += width
            copied = index
        }
        guard copied > 0 else { return nil }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with XML's five named entities and its numeric references decoded; an unknown
    /// or unterminated one kept as it is (for the XML nightshift reads: xUnit files, S3's answers).
    public static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = rest.dropFirst()
                continue
            }
            let entity = rest[rest.index(after: rest.startIndex)..<semicolon]
            if let decoded = decodeEntity(entity) {
                out += decoded
            } else {
                out += rest[...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }

    private static func decodeEntity(_ entity: Substring) -> String? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard entity.hasPrefix("#") else { return nil }
            let digits = entity.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}
