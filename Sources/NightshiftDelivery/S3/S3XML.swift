import Foundation
import NightshiftCore

/// The few elements nightshift reads from S3's XML answers (`<Error><Code>…</Code>`,
/// `<UploadId>`, `<Part><PartNumber>…<ETag>…`): S3 writes them flat, without attributes or
/// CDATA, so a search for the element and its entities decoded is enough, and needs no XML
/// parser (FoundationXML would link libxml2 into the release binary).
enum S3XML {
    /// The text of each `<name>…</name>`, in order.
    static func values(of name: String, in xml: String) -> [String] {
        elements(name, in: xml).map(XMLText.unescaped)
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
}
