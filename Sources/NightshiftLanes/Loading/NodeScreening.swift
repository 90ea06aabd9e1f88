import NightshiftCore
import Yams

/// What is refused in any node, before the parser gives it a meaning:
/// - a tag outside YAML's core schema: `sh: !!binary …` would otherwise run the base64 text as
///   written, since the parser reads every scalar as text;
/// - a NUL character (`"\0"` in a double-quoted scalar): a command line or script ends at it, so
///   a lane would run less than lanes.yml and the console show.
struct NodeScreening {
    /// No tag, `!` (non-specific), and the core schema's.
    static let acceptedTags: Set<String> = Set(
        [Tag.Name.implicit, .nonSpecific, .str, .int, .float, .bool, .null, .map, .seq].map(\.rawValue))

    /// How `!!binary` is spelled once resolved.
    static let coreTagPrefix = "tag:yaml.org,2002:"

    let reader: NodeReader
    let bag: DiagnosticBag

    /// Visits every node once, without recursion (nesting depth is the input's to choose).
    func screen(_ root: Node) {
        var pending = [root]
        while let node = pending.popLast() {
            check(node)
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping { pending.append(value); pending.append(key) }
            case .sequence(let sequence):
                pending.append(contentsOf: sequence.reversed())
            case .scalar, .alias:
                break
            }
        }
    }

    private func check(_ node: Node) {
        // The tag as written, not `node.tag`: resolving it would make every plain scalar a
        // string for good, and Yams' `node.bool` then refuses `true`.
        let written: String
        switch node {
        case .scalar(let scalar): written = scalar.tag.rawValue
        case .mapping(let mapping): written = mapping.tag.rawValue
        case .sequence(let sequence): written = sequence.tag.rawValue
        case .alias: written = Tag.Name.implicit.rawValue
        }
        if !Self.acceptedTags.contains(written) {
            let shown = written.hasPrefix(Self.coreTagPrefix) ? "!!" + written.dropFirst(Self.coreTagPrefix.count) : written
            bag.error(
                "the YAML tag '\(shown)' is not supported: lanes.yml takes plain values (strings, numbers, booleans, null, lists, mappings)",
                at: reader.location(of: node), notes: ["remove the tag; write the value as text"])
        }
        if case .scalar(let scalar) = node, scalar.string.utf8.contains(0) {
            bag.error(
                "a value cannot hold a NUL character (\\0): commands and scripts would end at it",
                at: reader.location(of: node))
        }
    }
}
