import NightshiftCore

/// The checks `test:` values get, shared by the loader (values written out) and the performer
/// (values only known once interpolated), so both say the same thing.
public enum TestStepValues {
    /// `70%`, `70`, `92.5%`: a percentage from 0 to 100.
    public static func percentage(_ text: String) -> Double? {
        var digits = Substring(text)
        if digits.last == "%" { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            digits.filter({ $0 == "." }).count <= 1, digits.first != ".", digits.last != ".",
            let value = Double(digits), value >= 0, value <= 100
        else { return nil }
        return value
    }

    /// Why `path` cannot be where the JUnit report goes; nil when it can. A relative path is read
    /// against the lanes file's folder and must stay inside it (`reports/../tests.xml` does,
    /// `../tests.xml` does not: a report written outside the workspace is one Jenkins never
    /// finds, or one that overwrites another job's); an absolute path is taken as meant.
    public static func reportPathProblem(_ path: String) -> String? {
        if path.isEmpty { return "is empty" }
        if path.utf8.contains(0) || path.contains("\n") { return "holds a NUL or a line break" }
        if path.hasSuffix("/") || path.hasSuffix("/.") || path == "." || path.hasSuffix("/..") || path == ".." {
            return "names a folder; name the report file, e.g. reports/tests.xml"
        }
        if WorkspacePath.leavesFolder(path) { return "leaves the lanes file's folder; write an absolute path to put the report outside it" }
        return nil
    }
}
