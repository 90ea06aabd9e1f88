/// The byte sequences a secret may take in a log besides its plain form. Tools print secrets
/// encoded more often than raw: an `Authorization: Basic …` header (base64; fastlane has leaked
/// these), a token inside a URL query (percent-encoding), a password inside a JSON body or a
/// plist (XML), which iOS tools print all the time.
enum SecretEncodings {
    /// Encoded forms shorter than this are dropped: a three-character fragment of base64 occurs
    /// by chance in any long log and masking it would protect nothing.
    static let minimumEncodedLength = 6

    /// The plain secret, each of its lines when it has several (streams are masked line by line),
    /// and every encoded form.
    static func variants(of secret: [UInt8]) -> Set<[UInt8]> {
        var forms: Set<[UInt8]> = [secret]
        let lineEnds: Set<UInt8> = [UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        for line in secret.split(whereSeparator: lineEnds.contains) where line.count >= SecretPolicy.minimumLength {
            forms.insert(Array(line))
        }
        var encoded: Set<[UInt8]> = []
        for base64 in base64Forms(of: secret) {
            encoded.insert(base64)
            encoded.insert(urlSafe(base64))
        }
        encoded.formUnion(percentEncodedForms(of: secret))
        encoded.formUnion(jsonEscapedForms(of: secret))
        encoded.formUnion(xmlEscapedForms(of: secret))
        forms.formUnion(encoded.filter { $0.count >= minimumEncodedLength })
        return forms
    }

    // MARK: base64

    private static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The whole padded encoding, plus, for each of the three positions the secret can take
    /// relative to a 3-byte block of a longer encoded stream, the characters that depend on the
    /// secret's bytes alone (the approach GitHub Actions takes).
    static func base64Forms(of secret: [UInt8]) -> [[UInt8]] {
        var forms = [base64(secret, padded: true)]
        for offset in 0..<3 {
            let stream = base64([UInt8](repeating: 0, count: offset) + secret, padded: false)
            let firstBit = 8 * offset
            let endBit = 8 * (offset + secret.count)
            let first = (firstBit + 5) / 6
            let end = endBit / 6
            if end > first { forms.append(Array(stream[first..<end])) }
        }
        return forms
    }

    static func base64(_ bytes: [UInt8], padded: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let remaining = min(3, bytes.count - index)
            let b0 = UInt32(bytes[index])
            let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let block = b0 << 16 | b1 << 8 | b2
            for position in 0..<4 {
                if position <= remaining {
                    output.append(base64Alphabet[Int(block >> UInt32(18 - 6 * position) & 0x3F)])
                } else if padded {
                    output.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return output
    }

    static func urlSafe(_ base64: [UInt8]) -> [UInt8] {
        base64.map { byte in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            default: byte
            }
        }.filter { $0 != UInt8(ascii: "=") }
    }

    // MARK: percent-encoding

    /// RFC 3986 encoding with upper- and lower-case hex digits, the form encoding that writes a
    /// space as `+`, and the encoding that leaves letters and digits alone and nothing else
    /// (`addingPercentEncoding(withAllowedCharacters: .alphanumerics)`, a common way to build a
    /// query), which writes `-`, `.`, `_` and `~` as `%2D`, `%2E`, `%5F`, `%7E` too.
    static func percentEncodedForms(of secret: [UInt8]) -> [[UInt8]] {
        let (upperDigits, lowerDigits) = (Array("0123456789ABCDEF".utf8), Array("0123456789abcdef".utf8))
        let upper = percentEncoded(secret, hexDigits: upperDigits, spaceAsPlus: false)
        let lower = percentEncoded(secret, hexDigits: lowerDigits, spaceAsPlus: false)
        let form = percentEncoded(secret, hexDigits: upperDigits, spaceAsPlus: true)
        let alphanumericUpper = percentEncoded(secret, hexDigits: upperDigits, spaceAsPlus: false, keeps: isAlphanumeric)
        let alphanumericLower = percentEncoded(secret, hexDigits: lowerDigits, spaceAsPlus: false, keeps: isAlphanumeric)
        return [upper, lower, form, alphanumericUpper, alphanumericLower].filter { $0 != secret }
    }

    private static func percentEncoded(
        _ bytes: [UInt8], hexDigits: [UInt8], spaceAsPlus: Bool, keeps: (UInt8) -> Bool = isUnreserved
    ) -> [UInt8] {
        var output: [UInt8] = []
        for byte in bytes {
            if keeps(byte) {
                output.append(byte)
            } else if spaceAsPlus && byte == UInt8(ascii: " ") {
                output.append(UInt8(ascii: "+"))
            } else {
                output += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return output
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    // MARK: JSON and XML

    /// The string as a JSON encoder writes it between the quotes, with and without `\/`.
    static func jsonEscapedForms(of secret: [UInt8]) -> [[UInt8]] {
        [false, true].map { escapeSlash in escaped(secret) { jsonEscape($0, escapeSlash: escapeSlash) } }.filter { $0 != secret }
    }

    /// Text as plist writers escape it (`&amp;`, `&lt;`, `&gt;` only) and as attribute values
    /// are escaped (`&quot;` and `&apos;` too).
    static func xmlEscapedForms(of secret: [UInt8]) -> [[UInt8]] {
        [false, true].map { escapeQuotes in escaped(secret) { xmlEscape($0, escapeQuotes: escapeQuotes) } }.filter { $0 != secret }
    }

    /// `bytes` with each byte `replacement` has a text for replaced by it.
    private static func escaped(_ bytes: [UInt8], _ replacement: (UInt8) -> String?) -> [UInt8] {
        var output: [UInt8] = []
        for byte in bytes {
            if let text = replacement(byte) { output += Array(text.utf8) } else { output.append(byte) }
        }
        return output
    }

    private static let lowerHexDigits = Array("0123456789abcdef")

    private static func jsonEscape(_ byte: UInt8, escapeSlash: Bool) -> String? {
        switch byte {
        case UInt8(ascii: "\""): "\\\""
        case UInt8(ascii: "\\"): "\\\\"
        case UInt8(ascii: "/") where escapeSlash: "\\/"
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x09: "\\t"
        case 0x08: "\\b"
        case 0x0C: "\\f"
        case 0..<0x20: "\\u00\(lowerHexDigits[Int(byte >> 4)])\(lowerHexDigits[Int(byte & 0x0F)])"
        default: nil
        }
    }

    private static func xmlEscape(_ byte: UInt8, escapeQuotes: Bool) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\"") where escapeQuotes: "&quot;"
        case UInt8(ascii: "'") where escapeQuotes: "&apos;"
        default: nil
        }
    }
}
