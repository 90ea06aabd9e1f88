/// A cron spec Jenkins would reject, located so callers can point at the exact character
/// (the loader turns it into `lanes.yml:LINE:COL`).
public struct CronSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based physical line of the spec, counting comments, blank lines and the `TZ=` line.
    public var line: Int
    /// 0-based character position in the trimmed line, as Jenkins reports it (`line L:C`).
    public var column: Int
    /// 0-based character position in the physical, untrimmed line.
    public var offsetInLine: Int
    /// The trimmed line, as Jenkins quotes it.
    public var lineText: String
    public var message: String
    /// The field being read when the error was found, when there is one.
    public var field: CronField?
    /// 0-based position in the physical line where the offending term starts, for range and step
    /// errors: Jenkins' column is then the token after the number (`60 * * * *` → column 2).
    public var termOffsetInLine: Int?

    public init(
        line: Int, column: Int, offsetInLine: Int, lineText: String, message: String, field: CronField? = nil,
        termOffsetInLine: Int? = nil
    ) {
        self.line = line
        self.column = column
        self.offsetInLine = offsetInLine
        self.lineText = lineText
        self.message = message
        self.field = field
        self.termOffsetInLine = termOffsetInLine
    }

    /// Where in the physical line a diagnostic should point: the offending term when there is
    /// one, else the token Jenkins reports.
    public var faultOffsetInLine: Int { termOffsetInLine ?? offsetInLine }

    public var description: String {
        let place = field.map { " (\($0) field)" } ?? ""
        return "invalid cron line \(line) \"\(lineText)\", column \(column)\(place): \(message)"
    }
}
