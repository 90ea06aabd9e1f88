import NightshiftCore
import Yams

extension LanesFileParser {
    /// `outputs: [path…]` of an `sh:` step: the files it makes. Other kinds declare their
    /// products themselves (`StepKind.products`), so the key is refused there.
    func parseOutputs(_ node: Node, keyNode: Node, of kind: StepKind) -> [Template]? {
        guard case .sh = kind else {
            bag.error(
                "'outputs' applies to 'sh:' steps only", at: reader.location(of: keyNode),
                notes: ["'\(kind.keyword)' declares what it makes itself"])
            return nil
        }
        guard case .sequence(let items) = node else {
            bag.error(
                "outputs must be a list of paths, found \(reader.kind(of: node))", at: reader.location(of: node),
                notes: ["write 'outputs: [build/App.zip]'"])
            return nil
        }
        var paths: [Template] = []
        for item in items {
            guard let template = reader.template(item, "outputs") else { continue }
            if template.raw.allSatisfy(\.isWhitespace) {
                bag.error("an output path is empty", at: reader.location(of: item))
                continue
            }
            // Written out into /dev, it is a device (issue #26 §2): only files and folders are
            // outputs. Anything else found at run time fails the step instead.
            if template.references.isEmpty, template.raw == "/dev" || template.raw.hasPrefix("/dev/") {
                bag.error(
                    "output '\(template.raw)' is in /dev: an output is a file or a folder the step makes", at: reader.location(of: item))
                continue
            }
            paths.append(template)
        }
        return paths
    }
}
