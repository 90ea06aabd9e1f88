import Yams

/// What is refused in any node, before the parser gives it a meaning:
/// - a tag outside YAML's core schema: `sh: !!binary …` would otherwise run the base64 text as
///   written, since the parser reads every scalar as text;
/// - a NUL character (`"\0"` in a double-quoted scalar): a command line or script ends at it, so
///   a lane would run less than lanes.yml and the console show.
struct NodeScreening {
    static let coreTags: Set<String> = Set([Tag.Name.str, .int, .float, .bool, .null, .map, .seq].map(\.rawValue))

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
        let tag = node.tag
        if !Self.coreTags.contains(tag.rawValue) {
            let written = tag.rawValue.hasPrefix(Self.coreTagPrefix) ? "!!" + tag.rawValue.dropFirst(Self.coreTagPrefix.count) : tag.rawValue
            bag.error("the YAML tag '\(written)' is not supported: lanes.yml takes plain values (strings, numbers, booleans, null, lists, mappings)",
                      at: reader.location(of: node), notes: ["remove the tag; write the value as text"])
        }
        if case .scalar(let scalar) = node, scalar.string.utf8.contains(0) {
            bag.error("a value cannot hold a NUL character (\\0): commands and scripts would end at it",
                      at: reader.location(of: node))
        }
    }
}
