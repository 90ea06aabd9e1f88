/// A place in a file, 1-based, as compilers print it; or a whole file (line and column 0), for a
/// problem with the file itself, such as one that cannot be read.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The file as a whole: printed as `file: error: …`, sorted before its lines.
    public init(file: String) {
        self.init(file: file, line: 0, column: 0)
    }

    public var description: String { line == 0 ? file : "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
