import NightshiftCore

/// A small pull scanner for the XML SwiftPM's `--xunit-output` writes: start tags with their
/// attributes (entities decoded), end tags and text, comments, processing instructions and
/// doctypes skipped. Linear, no recursion, no validation: a truncated file ends its scan.
struct XMLTagScanner {
    enum Token: Equatable {
        case start(name: String, attributes: Attributes, selfClosing: Bool)
        case end(name: String)
        case text(Value)
    }

    /// A value as the file holds it, decoded when asked for: a reader skips what it does not
    /// keep (the hundredth failure message of a test) without paying for its text.
    struct Value: Equatable {
        let raw: ArraySlice<UInt8>
        /// False for CDATA, whose text is as written.
        var entities = true
        var string: String { entities ? XMLTagScanner.decode(raw) : String(decoding: raw, as: UTF8.self) }

        /// At most the first `limit` bytes of the value decoded, and how many bytes of the file
        /// were left out: a value longer than its reader keeps costs no more than what it keeps.
        func string(atMost limit: Int) -> String {
            guard raw.count > limit else { return string }
            let kept = Value(raw: raw.prefix(limit), entities: entities).string
            return kept + TestMessageText.cutNote(leftOut: raw.count - limit)
        }
    }

    /// A start tag's attributes, each decoded when asked for.
    struct Attributes: Equatable {
        var values: [String: Value] = [:]
        subscript(name: String) -> String? { values[name]?.string }
    }

    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Token? {
        while position < bytes.count {
            if bytes[position] != UInt8(ascii: "<") {
                let start = position
                while position < bytes.count && bytes[position] != UInt8(ascii: "<") { position += 1 }
                return .text(Value(raw: bytes[start..<position]))
            }
            if startsWith("<!--") {
                skip(past: Array("-->".utf8))
                continue
            }
            if startsWith("<![CDATA[") {
                let start = position + 9
                skip(past: Array("]]>".utf8))
                let end = max(start, min(position, bytes.count) - 3)
                return .text(Value(raw: bytes[start..<max(start, end)], entities: false))
            }
            if startsWith("<?") || startsWith("<!") {
                skip(past: [UInt8(ascii: ">")])
                continue
            }
            return tag()
        }
        return nil
    }

    private func startsWith(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        return bytes.count - position >= pattern.count && Array(bytes[position..<(position + pattern.count)]) == pattern
    }

    private mutating func skip(past pattern: [UInt8]) {
        while position < bytes.count {
            if bytes[position] == pattern[0], bytes.count - position >= pattern.count,
                Array(bytes[position..<(position + pattern.count)]) == pattern
            {
                position += pattern.count
                return
            }
            position += 1
        }
    }

    private mutating func tag() -> Token? {
        position += 1  // <
        let closing = position < bytes.count && bytes[position] == UInt8(ascii: "/")
        if closing { position += 1 }
        let name = readName()
        var attributes = Attributes()
        var selfClosing = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                return closing ? .end(name: name) : .start(name: name, attributes: attributes, selfClosing: selfClosing)
            }
            if byte == UInt8(ascii: "/") {
                selfClosing = true
                position += 1
                continue
            }
            if Self.isSpace(byte) {
                position += 1
                continue
            }
            let attribute = readName()
            guard !attribute.isEmpty else {
                position += 1
                continue
            }
            while position < bytes.count && Self.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { continue }
            position += 1
            while position < bytes.count && Self.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count else { break }
            let quote = bytes[position]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { continue }
            position += 1
            let start = position
            while position < bytes.count && bytes[position] != quote { position += 1 }
            attributes.values[attribute] = Value(raw: bytes[start..<min(position, bytes.count)])
            position += 1
        }
        // Truncated inside a tag: nothing more to read.
        return nil
    }

    private mutating func readName() -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Text with the five named entities and numeric references decoded; an unknown one kept.
    static func decode(_ slice: ArraySlice<UInt8>) -> String {
        let text = String(decoding: slice, as: UTF8.self)
        // Most values hold no entity: found on the bytes, not by walking the text's characters.
        guard slice.contains(UInt8(ascii: "&")) else { return text }
        return XMLText.unescaped(text)
    }
}
