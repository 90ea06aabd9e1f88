import NightshiftCore
import Yams

extension LanesFileParser {
    static let packageContainerKeys = LanesKeys.packageContainer.names

    /// Whether `package:`'s value asks for a container: anything but nothing or `{}`, which are
    /// the bare `package` (a scalar is reported as not a mapping).
    func writesContainer(_ value: Node) -> Bool {
        if reader.isNull(value) { return false }
        if case .mapping(let mapping) = value, mapping.isEmpty { return false }
        return true
    }

    /// `package: { dmg: build/App.dmg }` (or `zip:`, `pkg:`): one container, whose path is checked
    /// here when written out and by the performer once interpolated, by the same rule.
    func parsePackageContainer(_ node: Node) -> StepKind? {
        if case .scalar(let scalar) = node {
            bag.error(
                "package takes a container as a mapping, found '\(scalar.string)'", at: reader.location(of: node),
                notes: ["e.g. 'package: { dmg: build/App.dmg }', or 'zip:' or 'pkg:'; a bare 'package' writes none"])
            return nil
        }
        guard let pairs = reader.mapping(node, in: "package", known: Self.packageContainerKeys) else { return nil }
        let containers = pairs.filter { PackageContainer.Format(rawValue: $0.key) != nil }
        guard let first = containers.first, let format = PackageContainer.Format(rawValue: first.key) else { return nil }
        for extra in containers.dropFirst() {
            bag.error(
                "package writes one container, found '\(first.key)' and '\(extra.key)'", at: reader.location(of: extra.keyNode),
                notes: ["each 'package:' step archives and exports once, then writes one dmg, zip or pkg"])
        }
        guard let path = reader.template(first.value, "package.\(first.key)") else { return nil }
        if path.references.isEmpty, let problem = PackageContainer.pathProblem(path.raw, format: format) {
            bag.error("package.\(first.key) \(problem), found '\(path.raw)'", at: reader.location(of: first.value))
            return nil
        }
        return .packageInto(PackageContainer(format: format, path: path, location: reader.location(of: node)))
    }
}
