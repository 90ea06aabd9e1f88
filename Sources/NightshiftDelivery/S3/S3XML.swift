import Foundation

/// The few elements nightshift reads from S3's XML answers (`<Error><Code>…</Code>`,
/// `<UploadId>`, `<Part><PartNumber>…<ETag>…`): S3 writes them flat, without attributes or
/// CDATA, so a search for the element and its entities decoded is enough, and needs no XML
/// parser (FoundationXML would link libxml2 into the release binary).
enum S3XML {
    /// The text of each `<name>…</name>`, in order.
    static func values(of name: String, in xml: String) -> [String] {
        elements(name, in: xml).map(unescape)
    }

    static func value(of name: String, in xml: String) -> String? { values(of: name, in: xml).first }

    /// The raw inner text of each `<name>…</name>`, for elements holding others (`<Part>`).
    static func elements(_ name: String, in xml: String) -> [String] {
        var found: [String] = []
        var rest = xml[...]
        while let open = rest.range(of: "<\(name)>"), let close = rest[open.upperBound...].range(of: "</\(name)>") {
            found.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// XML's five named entities and numeric references.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            if let decoded = decode(entity) {
                result += decoded
            } else {
                result += rest[amp...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func decode(_ entity: Substring) -> String? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let number: UInt32? =
                entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
            return number.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}
