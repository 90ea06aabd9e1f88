/// Percent-encoding as botocore does it for S3 (Python's `urllib.parse.quote`): every UTF-8 byte
/// but the unreserved ones (`A-Z a-z 0-9 - _ . ~`) and the given extras becomes `%XX`, upper-case.
///
/// The object key is encoded once, with `/` kept (`quote(key, safe='/~')`, botocore's
/// serializer for `{Key+}`), and S3 signs that path as it is: no second encoding and no
/// normalisation (`S3SigV4Auth._normalize_url_path`), unlike other AWS services. So Apple's
/// `prod/AROA…:1238aa04-…` is sent and signed as `prod/AROA…%3A1238aa04-…`. Query names and
/// values keep nothing but the unreserved bytes (`percent_encode(value, safe='-_.~')`).
enum S3URIEncoding {
    static func path(_ text: String) -> String { encode(text, keeping: UInt8(ascii: "/")) }

    static func queryComponent(_ text: String) -> String { encode(text, keeping: nil) }

    private static func encode(_ text: String, keeping extra: UInt8?) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || byte == extra {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xF)
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> String { String(UnicodeScalar(nibble < 10 ? 48 + nibble : 55 + nibble)) }
}
