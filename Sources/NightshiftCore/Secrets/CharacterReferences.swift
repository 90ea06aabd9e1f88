import Foundation

/// XML and HTML character references in a line of output, decoded so the masker can look for a
/// secret written with them. A plist or SOAP body may spell any character as a decimal (`&#80;`)
/// or hexadecimal (`&#x50;`, `&#X50;`) reference, with any number of leading zeros, and mix
/// them with literal characters and the named escapes (`&amp;`…): far too many spellings to
/// list as patterns, so a line holding `&#` is decoded and searched once more. Lines without
/// one (nearly all of a build log) cost one `memchr` pass.
enum CharacterReferences {
    /// The longest reference nightshift decodes for one character without superfluous zeros
    /// (`&#1114111;`, `&#x10FFFF;`): how far a reference-encoded secret may spread, per byte of
    /// the secret, for a stream deciding how much of a long line to hold back.
    static let longestReference = 10

    /// Whether `buffer[..<end]` holds `&#`.
    static func present(in buffer: UnsafeBufferPointer<UInt8>, end: Int) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        var position = 0
        while position < end - 1 {
            guard let found = memchr(base + position, Int32(UInt8(ascii: "&")), end - position - 1) else { return false }
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if base[index + 1] == UInt8(ascii: "#") { return true }
            position = index + 1
        }
        return false
    }

    /// `buffer[..<end]` with every well-formed reference replaced by the UTF-8 of its character,
    /// and for each decoded byte the range of the source it stands for (a whole reference, or
    /// the one byte copied).
    static func decode(_ buffer: UnsafeBufferPointer<UInt8>, end: Int) -> (bytes: [UInt8], sources: [Range<Int>]) {
        var bytes: [UInt8] = []
        var sources: [Range<Int>] = []
        bytes.reserveCapacity(end)
        sources.reserveCapacity(end)
        var position = 0
        while position < end {
            if buffer[position] == UInt8(ascii: "&"), let (scalar, length) = reference(in: buffer, at: position, end: end) {
                for byte in String(Character(scalar)).utf8 {
                    bytes.append(byte)
                    sources.append(position..<position + length)
                }
                position += length
            } else {
                bytes.append(buffer[position])
                sources.append(position..<position + 1)
                position += 1
            }
        }
        return (bytes, sources)
    }

    private static let named: [(name: [UInt8], scalar: Unicode.Scalar)] = [
        (Array("amp;".utf8), "&"), (Array("lt;".utf8), "<"), (Array("gt;".utf8), ">"), (Array("quot;".utf8), "\""),
        (Array("apos;".utf8), "'"),
    ]

    /// The character of the reference starting at `position` (an `&`) and its length, or nil
    /// when none starts there. Digits are capped so a run of zeros cannot overflow.
    private static func reference(in buffer: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> (Unicode.Scalar, Int)? {
        var index = position + 1
        guard index < end else { return nil }
        guard buffer[index] == UInt8(ascii: "#") else {
            for (name, scalar) in named where index + name.count <= end {
                if name.indices.allSatisfy({ buffer[index + $0] == name[$0] }) { return (scalar, 1 + name.count) }
            }
            return nil
        }
        index += 1
        var radix: UInt32 = 10
        if index < end, buffer[index] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            index += 1
        }
        var value: UInt32 = 0
        var digits = 0
        while index < end, let digit = digitValue(buffer[index], radix: radix) {
            if value <= 0x10FFFF { value = value * radix + digit }
            digits += 1
            index += 1
            guard digits <= 64 else { return nil }
        }
        guard digits > 0, index < end, buffer[index] == UInt8(ascii: ";"), value > 0, let scalar = Unicode.Scalar(value) else {
            return nil
        }
        return (scalar, index + 1 - position)
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
