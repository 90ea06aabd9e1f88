import Foundation
import NightshiftCore

/// A small pull scanner for the XML SwiftPM's `--xunit-output` writes: start tags with their
/// attributes (entities decoded), end tags and text, comments, processing instructions and
/// doctypes skipped. Linear, no recursion, no validation: a truncated file ends its scan.
///
/// Streamed through a fixed buffer, so a file of any size is read in flat memory: a value keeps
/// at most `XMLValue.maximumBytes` and counts the rest, a name at most `maximumNameBytes`, and a
/// start tag keeps only the attributes its reader asked for (a fuzzed 2 GB file of failure
/// messages took 505 MB in under two seconds when the file was read whole).
struct XMLTagScanner<Source: ResultByteSource> {
    static var maximumNameBytes: Int { 256 }

    private var source: Source
    private let buffer: ReadBuffer
    private var position = 0
    private var filled = 0
    private var ended = false
    private let keptAttributes: Set<String>
    /// Bytes taken from the source so far.
    private(set) var bytesRead: Int64 = 0

    /// `attributes`: the attribute names whose values start tags carry; the others are skipped.
    init(_ source: Source, keepingAttributes attributes: Set<String>, bufferSize: Int = 1 << 16) {
        self.source = source
        self.keptAttributes = attributes
        self.buffer = ReadBuffer(size: max(16, bufferSize))
    }

    mutating func next() throws(TestResultsError) -> XMLToken? {
        while let byte = try peek() {
            if byte != Byte.open {
                var text = XMLValue()
                try collect(into: &text, keeping: true, until: Byte.open)
                return .text(text)
            }
            position += 1
            switch try peek() {
            case Byte.bang?:
                position += 1
                if try take(Array("--".utf8)) {
                    try skip(past: Array("-->".utf8))
                } else if try take(Array("[CDATA[".utf8)) {
                    return .text(try cdata())
                } else {
                    try skip(past: [Byte.close])
                }
            case Byte.question?: try skip(past: [Byte.close])
            case nil: return nil
            default: return try tag()
            }
        }
        return nil
    }

    // MARK: bytes

    /// The next byte without taking it; nil at the end of the input.
    private mutating func peek() throws(TestResultsError) -> UInt8? {
        if position == filled {
            if ended { return nil }
            position = 0
            filled = try source.read(into: buffer.bytes)
            bytesRead += Int64(filled)
            if filled == 0 {
                ended = true
                return nil
            }
        }
        return buffer.bytes[position]
    }

    /// Takes `pattern` when the input goes on with it; a partial match is taken too (what
    /// follows `<!` is then a construct to skip, as a whole one would be).
    private mutating func take(_ pattern: [UInt8]) throws(TestResultsError) -> Bool {
        for expected in pattern {
            guard try peek() == expected else { return false }
            position += 1
        }
        return true
    }

    /// Past the first occurrence of `pattern`, or to the end.
    private mutating func skip(past pattern: [UInt8]) throws(TestResultsError) {
        var window = TailWindow(pattern)
        while let byte = try peek() {
            position += 1
            if window.push(byte) { return }
        }
    }

    /// A CDATA section's text, as written, after its `<![CDATA[`.
    private mutating func cdata() throws(TestResultsError) -> XMLValue {
        var text = XMLValue(entities: false)
        let terminator = Array("]]>".utf8)
        var window = TailWindow(terminator)
        while let byte = try peek() {
            position += 1
            text.append(CollectionOfOne(byte))
            if window.push(byte) {
                text.dropLast(terminator.count)
                break
            }
        }
        return text
    }

    /// The run of bytes up to the first `terminator` (not taken), into `value` when `keeping`.
    /// Found with `memchr`: text and attribute values are nearly all of a file, and a per-byte
    /// loop read a 2 GB one in 20 s in a debug build.
    private mutating func collect(into value: inout XMLValue, keeping: Bool, until terminator: UInt8) throws(TestResultsError) {
        while try peek() != nil, let base = buffer.bytes.baseAddress {
            let found = memchr(base + position, Int32(terminator), filled - position)
            let end = found.map { base.distance(to: $0) } ?? filled
            if keeping { value.append(buffer.bytes[position..<end]) }
            position = end
            if end < filled { return }
        }
    }

    /// A tag's or an attribute's name: short, so read a byte at a time.
    private mutating func readName() throws(TestResultsError) -> String {
        var name: [UInt8] = []
        while let byte = try peek(), !(Byte.isSpace(byte) || byte == Byte.close || byte == Byte.slash || byte == Byte.equals) {
            if name.count < Self.maximumNameBytes { name.append(byte) }
            position += 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    private mutating func skipSpaces() throws(TestResultsError) {
        while let byte = try peek(), Byte.isSpace(byte) { position += 1 }
    }

    // MARK: tags

    /// A tag, after its `<`.
    private mutating func tag() throws(TestResultsError) -> XMLToken? {
        let closing = try peek() == Byte.slash
        if closing { position += 1 }
        let name = try readName()
        var attributes = XMLAttributes()
        var selfClosing = false
        while let byte = try peek() {
            if byte == Byte.close {
                position += 1
                return closing ? .end(name: name) : .start(name: name, attributes: attributes, selfClosing: selfClosing)
            }
            if byte == Byte.slash {
                selfClosing = true
                position += 1
                continue
            }
            if Byte.isSpace(byte) {
                position += 1
                continue
            }
            let attribute = try readName()
            guard !attribute.isEmpty else {
                position += 1
                continue
            }
            try skipSpaces()
            guard try peek() == Byte.equals else { continue }
            position += 1
            try skipSpaces()
            guard let quote = try peek() else { break }
            guard quote == Byte.doubleQuote || quote == Byte.singleQuote else { continue }
            position += 1
            let keeping = keptAttributes.contains(attribute)
            var value = XMLValue()
            try collect(into: &value, keeping: keeping, until: quote)
            if keeping { attributes.values[attribute] = value }
            if try peek() != nil { position += 1 }
        }
        // Truncated inside a tag: nothing more to read.
        return nil
    }
}

/// The bytes that shape XML, as the scanner meets them.
private enum Byte {
    static let open = UInt8(ascii: "<")
    static let close = UInt8(ascii: ">")
    static let slash = UInt8(ascii: "/")
    static let bang = UInt8(ascii: "!")
    static let question = UInt8(ascii: "?")
    static let equals = UInt8(ascii: "=")
    static let doubleQuote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}

/// The last bytes seen, to find a short pattern in a stream one byte at a time.
private struct TailWindow {
    let pattern: [UInt8]
    private var last: [UInt8] = []

    init(_ pattern: [UInt8]) { self.pattern = pattern }

    /// Whether the bytes pushed so far end with the pattern.
    mutating func push(_ byte: UInt8) -> Bool {
        last.append(byte)
        if last.count > pattern.count { last.removeFirst() }
        return last == pattern
    }
}

enum XMLToken: Equatable {
    case start(name: String, attributes: XMLAttributes, selfClosing: Bool)
    case end(name: String)
    case text(XMLValue)
}

/// A value as the file holds it, its first `maximumValueBytes` kept and the rest counted,
/// decoded when asked for: a reader skips what it does not keep (the hundredth failure message
/// of a test) without paying for its text.
struct XMLValue: Equatable {
    /// More than any test name or message a reader keeps (a message keeps 16 KiB).
    static let maximumBytes = 64 << 10

    private(set) var raw: [UInt8] = []
    /// Bytes of the file past those kept.
    private(set) var leftOut = 0
    /// False for CDATA and names, whose text is as written.
    var entities = true

    init(entities: Bool = true) { self.entities = entities }

    var string: String { string(atMost: raw.count) }

    /// At most the first `limit` bytes of the value decoded, with a note of how many bytes of the
    /// file were left out: a value longer than its reader keeps costs no more than what it keeps.
    func string(atMost limit: Int) -> String {
        let kept = raw.prefix(max(0, limit))
        let text = Self.decode(kept, entities: entities)
        let cut = raw.count - kept.count + leftOut
        return cut > 0 ? text + TestMessageText.cutNote(leftOut: cut) : text
    }

    mutating func append(_ bytes: some Collection<UInt8>) {
        let room = max(0, Self.maximumBytes - raw.count)
        if bytes.count <= room {
            raw.append(contentsOf: bytes)
        } else {
            raw.append(contentsOf: bytes.prefix(room))
            leftOut += bytes.count - room
        }
    }

    /// The last `count` bytes appended taken back (a terminator read as text).
    mutating func dropLast(_ count: Int) {
        let fromCounted = min(count, leftOut)
        leftOut -= fromCounted
        raw.removeLast(min(raw.count, count - fromCounted))
    }

    /// Text with the five named entities and numeric references decoded; an unknown one kept.
    private static func decode(_ bytes: ArraySlice<UInt8>, entities: Bool) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        // Most values hold no entity: found on the bytes, not by walking the text's characters.
        let ampersand = bytes.withUnsafeBytes { raw in raw.baseAddress.flatMap { memchr($0, Int32(UInt8(ascii: "&")), raw.count) } }
        guard entities, ampersand != nil else { return text }
        return XMLText.unescaped(text)
    }
}

/// A start tag's kept attributes, each decoded when asked for.
struct XMLAttributes: Equatable {
    var values: [String: XMLValue] = [:]
    subscript(name: String) -> String? { values[name]?.string }
}
