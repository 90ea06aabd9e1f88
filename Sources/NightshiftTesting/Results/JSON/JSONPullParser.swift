/// A streaming JSON tokenizer (RFC 8259) over a fixed buffer: it hands over one token at a time
/// and keeps only the open containers, so a file of any size is read in flat memory. Bounded
/// where a hostile file could make it grow: nesting (`maximumDepth`, checked as each container
/// opens, so no recursion meets a million brackets) and a string's length. Every malformation
/// (truncation, a control character or invalid UTF-8 in a string, a lone surrogate, text after
/// the value) is a `TestResultsError` naming the source and the byte, never a crash.
struct JSONPullParser<Source: ResultByteSource> {
    struct Limits {
        var maximumDepth: Int
        /// The longest string, in UTF-8 bytes after unescaping.
        var maximumStringBytes: Int
    }

    private enum Expect { case value, valueOrEnd, key, keyOrEnd, commaOrEnd, end }

    private var source: Source
    /// What the messages call the input: a file's path, `xcresulttool's test results`.
    let name: String
    let limits: Limits
    private let buffer: ReadBuffer
    private var position = 0
    private var filled = 0
    /// Bytes before `buffer[0]`.
    private var base: Int64 = 0
    /// Open containers, innermost last: true for an object.
    private var containers: [Bool] = []
    private var expect = Expect.value
    private var scratch: [UInt8] = []

    init(_ source: Source, name: String, limits: Limits, bufferSize: Int = 1 << 16) {
        self.source = source
        self.name = name
        self.limits = limits
        self.buffer = ReadBuffer(size: max(16, bufferSize))
    }

    /// Where the next byte is, from the start of the input.
    var offset: Int64 { base + Int64(position) }

    /// How many containers are open.
    var depth: Int { containers.count }

    /// An error about the input at the current byte.
    func failure(_ what: String) -> TestResultsError {
        TestResultsError("\(name) are not valid JSON: \(what) at byte \(offset)")
    }

    mutating func next() throws(TestResultsError) -> JSONToken {
        try skipBlanks()
        guard let byte = try peek() else {
            guard expect == .end else { throw failure("truncated: the text ends inside a value") }
            return .end
        }
        switch expect {
        case .end:
            throw failure("text after the end of the value")
        case .key, .keyOrEnd:
            if byte == UInt8(ascii: "}"), expect == .keyOrEnd { return close() }
            guard byte == UInt8(ascii: "\"") else { throw failure("a key expected") }
            let key = try string()
            try skipBlanks()
            guard try peek() == UInt8(ascii: ":") else { throw failure("':' expected after a key") }
            position += 1
            expect = .value
            return .key(key)
        case .commaOrEnd:
            let inObject = containers.last ?? false
            if byte == UInt8(ascii: ",") {
                position += 1
                expect = inObject ? .key : .value
                return try next()
            }
            if byte == UInt8(ascii: inObject ? "}" : "]") { return close() }
            throw failure(inObject ? "',' or '}' expected" : "',' or ']' expected")
        case .value, .valueOrEnd:
            if byte == UInt8(ascii: "]"), expect == .valueOrEnd { return close() }
            return try value(startingWith: byte)
        }
    }

    /// Skips the next value whole (a key's, or an array element's).
    mutating func skipValue() throws(TestResultsError) {
        let outer = depth
        repeat {
            switch try next() {
            case .end: throw failure("truncated: the text ends inside a value")
            default: break
            }
        } while depth > outer
    }

    private mutating func value(startingWith byte: UInt8) throws(TestResultsError) -> JSONToken {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < limits.maximumDepth else {
                throw TestResultsError(
                    "\(name) nest deeper than \(limits.maximumDepth) levels (at byte \(offset)); not a result xcresulttool writes")
            }
            position += 1
            let isObject = byte == UInt8(ascii: "{")
            containers.append(isObject)
            expect = isObject ? .keyOrEnd : .valueOrEnd
            return isObject ? .objectStart : .arrayStart
        case UInt8(ascii: "\""):
            let text = try string()
            valueEnded()
            return .string(text)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try self.number()
            valueEnded()
            return .number(number)
        case UInt8(ascii: "t"):
            try literal("true")
            valueEnded()
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            valueEnded()
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            valueEnded()
            return .null
        default:
            throw failure("unexpected byte 0x\(String(byte, radix: 16))")
        }
    }

    private mutating func close() -> JSONToken {
        position += 1
        let wasObject = containers.removeLast()
        valueEnded()
        return wasObject ? .objectEnd : .arrayEnd
    }

    private mutating func valueEnded() {
        expect = containers.isEmpty ? .end : .commaOrEnd
    }

    // MARK: bytes

    /// The next byte without taking it; nil at the end of the input.
    private mutating func peek() throws(TestResultsError) -> UInt8? {
        if position == filled {
            base += Int64(filled)
            position = 0
            filled = try source.read(into: buffer.bytes)
            if filled == 0 { return nil }
        }
        return buffer.bytes[position]
    }

    private mutating func take() throws(TestResultsError) -> UInt8 {
        guard let byte = try peek() else { throw failure("truncated: the text ends inside a value") }
        position += 1
        return byte
    }

    private mutating func skipBlanks() throws(TestResultsError) {
        while let byte = try peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: StaticString) throws(TestResultsError) {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in bytes {
            guard try take() == expected else { throw failure("'\(word)' misspelt") }
        }
    }

    // MARK: strings

    /// A string from its opening quote, unescaped and checked as UTF-8.
    private mutating func string() throws(TestResultsError) -> String {
        let start = offset
        position += 1
        scratch.removeAll(keepingCapacity: true)
        while true {
            if try peek() == nil { throw failure("truncated: the text ends inside a string") }
            // The plain run up to a quote, a backslash or a control character, copied at once.
            var end = position
            while end < filled {
                let byte = buffer.bytes[end]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                end += 1
            }
            scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer.bytes[position..<end]))
            position = end
            guard scratch.count <= limits.maximumStringBytes else {
                throw TestResultsError(
                    "\(name) hold a string longer than \(limits.maximumStringBytes) bytes (from byte \(start)); not a result xcresulttool writes"
                )
            }
            guard position < filled else { continue }
            let byte = buffer.bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scratch, as: UTF8.self) else {
                    throw TestResultsError("\(name) are not valid JSON: invalid UTF-8 in the string from byte \(start)")
                }
                return text
            case UInt8(ascii: "\\"): try escape()
            default: throw failure("a control character (0x\(String(byte, radix: 16))) inside a string")
            }
        }
    }

    private mutating func escape() throws(TestResultsError) {
        let byte = try take()
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var unit = try hexUnit()
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate needs its low half right after it.
                guard try take() == UInt8(ascii: "\\"), try take() == UInt8(ascii: "u") else {
                    throw failure("a lone surrogate in a \\u escape")
                }
                let low = try hexUnit()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate in a \\u escape") }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw failure("a lone surrogate in a \\u escape")
            }
            guard let scalar = Unicode.Scalar(unit) else { throw failure("an invalid \\u escape") }
            if let encoded = UTF8.encode(scalar) { scratch.append(contentsOf: encoded) }
        default:
            throw failure("an invalid escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    private mutating func hexUnit() throws(TestResultsError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let byte = try take()
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("an invalid \\u escape")
            }
            unit = unit << 4 | UInt32(digit)
        }
        return unit
    }

    // MARK: numbers

    /// A number as RFC 8259 spells it: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    private mutating func number() throws(TestResultsError) -> Double? {
        scratch.removeAll(keepingCapacity: true)
        while let byte = try peek(), Self.isNumberByte(byte) {
            scratch.append(byte)
            position += 1
            guard scratch.count <= 4096 else { throw failure("a number longer than 4096 characters") }
        }
        guard Self.isWellFormedNumber(scratch) else { throw failure("a malformed number") }
        let value = Double(String(decoding: scratch, as: UTF8.self))
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"),
            UInt8(ascii: "E"):
            true
        default: false
        }
    }

    private static func isWellFormedNumber(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}
