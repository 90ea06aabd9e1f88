import NightshiftCore
import Yams

/// `codesigning: { from: appstoreconnect, private_keys: { distribution: "${DIST_SIGNING_KEY}" } }`.
extension LanesFileParser {
    func parseCodesigningSource(_ node: Node) -> CodesigningSource? {
        guard let text = reader.string(node, "codesigning.from") else { return nil }
        guard let source = CodesigningSource(rawValue: text) else {
            let names = CodesigningSource.allCases.map(\.rawValue)
            bag.error(
                "unknown codesigning.from '\(text)': nightshift takes signing files from \(names.joined(separator: ", "))",
                at: reader.location(of: node), notes: Suggestion.note(for: text, among: names))
            return nil
        }
        return source
    }

    /// The names are what configurations' `certificate:` say; a name must be usable as a file
    /// name, since the assembled .p12 is named after it.
    func parsePrivateKeys(_ node: Node) -> [String: Template] {
        guard let pairs = reader.mapping(node, in: "codesigning.private_keys", known: []) else { return [:] }
        var keys: [String: Template] = [:]
        for (name, keyNode, value) in pairs {
            guard Self.isPrivateKeyName(name) else {
                bag.error(
                    "'\(name)' is not a usable name in codesigning.private_keys: use letters, digits, '-', '_' and '.'",
                    at: reader.location(of: keyNode))
                continue
            }
            if let template = reader.template(value, "codesigning.private_keys.\(name)") { keys[name] = template }
        }
        return keys
    }

    static func isPrivateKeyName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "-_.".unicodeScalars.contains(scalar)
            }
    }
}
