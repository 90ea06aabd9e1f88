import NightshiftCore
internal import SwiftASN1

/// The text of an X.520 name attribute in whichever ASN.1 string type the issuer chose
/// (RFC 5280 §4.1.2.4's DirectoryString, plus the IA5/Visible strings old CAs use). OpenSSL
/// picks the narrowest type that holds the text: a common name with `ë` arrives as a
/// TeletexString, one with `東` as a BMPString, one outside the BMP as a UniversalString, so
/// reading every string as UTF-8 turns real names into NUL-riddled garbage.
enum DirectoryString {
    /// The decoded text; nil for a type that holds no text, bytes that do not fit their type, or
    /// text with a NUL (which cannot travel in an argument such as `CODE_SIGN_IDENTITY`).
    static func text(of node: ASN1Node) -> String? {
        guard case .primitive(let bytes) = node.content else { return nil }
        let text: String?
        switch node.identifier {
        case .utf8String, .printableString, .ia5String, .visibleString, .numericString:
            text = utf8(bytes)
        case .bmpString:
            text = utf16BigEndian(bytes)
        case .universalString:
            text = utf32BigEndian(bytes)
        case .teletexString:
            // T.61 in theory; Latin-1 in every certificate seen in practice, and what OpenSSL's
            // ASN1_STRING_to_UTF8 assumes.
            text = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        default:
            text = nil
        }
        guard let text, !text.unicodeScalars.contains("\0") else { return nil }
        return text
    }

    // `String(validating:as:)` would do, but needs macOS 15; decoding repairs ill-formed input
    // with U+FFFD, so a round trip that changes the bytes means they were ill-formed.
    private static func utf8(_ bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    private static func utf16BigEndian(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.count.isMultiple(of: 2) else { return nil }
        let units = stride(from: bytes.startIndex, to: bytes.endIndex, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        let text = String(decoding: units, as: UTF16.self)
        return text.utf16.elementsEqual(units) ? text : nil
    }

    private static func utf32BigEndian(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.count.isMultiple(of: 4) else { return nil }
        var scalars = String.UnicodeScalarView()
        for offset in stride(from: bytes.startIndex, to: bytes.endIndex, by: 4) {
            let value = bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
