import Yams

/// Builds the model from a composed tree. Structural problems go to the reader's bag;
/// cross-references are the validator's.
struct LanesFileParser {
    let reader: NodeReader
    var bag: DiagnosticBag { reader.bag }

    static let topLevelKeys = ["version", "project", "secrets", "codesigning", "configurations", "lanes"]

    func parseFile(_ root: Node, path: String) -> LanesFile? {
        guard let pairs = reader.mapping(root, in: "the lanes file", known: Self.topLevelKeys) else { return nil }
        var file = LanesFile(path: path, project: Project(name: ""))
        var sawProject = false, sawLanes = false
        for (key, _, value) in pairs {
            switch key {
            case "version":
                if let version = reader.integer(value, "version", minimum: 1) {
                    if version != 1 { bag.error("unsupported version \(version); this nightshift reads version 1", at: reader.location(of: value)) }
                    file.version = version
                }
            case "project":
                sawProject = true
                if let project = parseProject(value) { file.project = project }
            case "secrets":
                file.secrets = parseSecrets(value)
            case "codesigning":
                file.codesigning = parseCodesigning(value)
            case "configurations":
                file.configurations = parseConfigurations(value)
            case "lanes":
                sawLanes = true
                file.lanes = parseLanes(value)
            default:
                break
            }
        }
        let top = reader.location(of: root)
        if !sawProject { bag.error("missing required key 'project'", at: top) }
        if !sawLanes { bag.error("missing required key 'lanes'", at: top) }
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

    /// Reads the keys listed as required and reports those that are missing, at the mapping.
    func require(_ keys: [String], in pairs: [(key: String, keyNode: Node, value: Node)], of node: Node, context: String) {
        let present = Set(pairs.map(\.key))
        for key in keys where !present.contains(key) {
            bag.error("missing required key '\(key)' in \(context)", at: reader.location(of: node))
        }
    }
}
