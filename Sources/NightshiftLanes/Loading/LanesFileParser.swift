import NightshiftCore
import Yams

/// Builds the model from a composed tree. Structural problems go to the reader's bag;
/// cross-references are the validator's.
struct LanesFileParser {
    let reader: NodeReader
    var bag: DiagnosticBag { reader.bag }

    static let topLevelKeys = LanesKeys.file.names

    func parseFile(_ root: Node, path: String) -> LanesFile? {
        guard let pairs = reader.mapping(root, in: "the lanes file", known: Self.topLevelKeys) else { return nil }
        var file = LanesFile(path: path)
        for (key, _, value) in pairs {
            switch key {
            case "version":
                if let version = reader.integer(value, "version", minimum: 1) {
                    if version != 1 {
                        bag.error("unsupported version \(version); this nightshift reads version 1", at: reader.location(of: value))
                    }
                    file.version = version
                }
            case "project":
                file.project = parseProject(value)
            case "secrets":
                file.secrets = parseSecrets(value)
            case "codesigning":
                file.codesigning = parseCodesigning(value)
            case "configurations":
                file.configurations = parseConfigurations(value)
            case "lanes":
                file.lanes = withCallOptions(parseLanes(value))
            case "notify":
                file.notify = parseNotify(value, context: "notify")
            case "xcode":
                file.xcode = parseXcode(value, "xcode")
            case "cache":
                file.cache = parseCache(value, "cache")
            default:
                break
            }
        }
        // `project:` is checked where a step builds (LanesFileValidator): a file of scripts needs none.
        require(LanesKeys.file.requiredNames, in: pairs, of: root, known: Self.topLevelKeys)
        return file
    }

    private func parseSecrets(_ node: Node) -> [String] {
        (reader.stringList(node, "secrets") ?? []).compactMap { name, item in
            guard Interpolation.isValidName(name) else {
                bag.error("'\(name)' is not a valid environment variable name", at: reader.location(of: item))
                return nil
            }
            return name
        }
    }

    /// Reports the required keys that are missing, at the mapping. A key the mapping misspells
    /// was reported as unknown with a did-you-mean naming it: that typo is not reported twice.
    func require(
        _ keys: [String], in pairs: [(key: String, keyNode: Node, value: Node)], of node: Node, context: String? = nil,
        known: [String] = []
    ) {
        let present = Set(pairs.map(\.key))
        let missing = keys.filter { !present.contains($0) }
        guard !missing.isEmpty else { return }
        let suggested = reader.suggestedKeys(in: node, known: known)
        for key in missing where !suggested.contains(key) {
            bag.error("missing required key '\(key)'\(context.map { " in \($0)" } ?? "")", at: reader.location(of: node))
        }
    }
}
