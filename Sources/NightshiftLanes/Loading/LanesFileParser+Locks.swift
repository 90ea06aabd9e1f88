import NightshiftCore
import Yams

/// `locks: [simulator, altool]`: each name is a file name under the user's lock folder
/// (`<name>.lock`), so it must be one safe path component on both platforms.
extension LanesFileParser {
    func parseLockNames(_ node: Node, context: String) -> [String] {
        (reader.stringList(node, context) ?? []).compactMap { name, item in
            if let problem = Self.lockNameProblem(name) {
                bag.error("lock name '\(name)' \(problem)", at: reader.location(of: item))
                return nil
            }
            return name
        }
    }

    static func lockNameProblem(_ name: String) -> String? {
        if name.isEmpty || name.utf8.count > 100 { return "must be 1 to 100 characters long" }
        if name.hasPrefix(".") { return "must not start with '.'" }
        let allowed = name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
        }
        return allowed ? nil : "may hold only letters, digits, '-', '_' and '.'"
    }
}
