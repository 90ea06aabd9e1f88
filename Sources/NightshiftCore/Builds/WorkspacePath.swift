/// The rule for paths written in lanes.yml that nightshift writes to (`test.junit`, a
/// `package:` container): a relative path is read against the lanes file's folder and must stay
/// inside it (`reports/../tests.xml` does, `../tests.xml` does not: a file written outside the
/// workspace is one the CI never finds, or one that overwrites another job's); an absolute path
/// is taken as meant.
public enum WorkspacePath {
    /// Whether relative `path` climbs out of the folder it is read against at any point.
    public static func leavesFolder(_ path: String) -> Bool {
        if path.hasPrefix("/") { return false }
        var depth = 0
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": depth -= 1
            default: depth += 1
            }
            if depth < 0 { return true }
        }
        return false
    }
}
