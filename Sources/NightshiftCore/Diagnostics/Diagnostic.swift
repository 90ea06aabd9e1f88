/// One problem found in a lanes file, with where it is, or a notice a run or a command gives
/// (`location` nil): the one place a message gets its `error:`, `warning:` or `note:`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    public var notes: [String]

    public init(_ severity: Severity = .error, _ message: String, at location: SourceLocation?, notes: [String] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation?, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    public static func warning(_ message: String, at location: SourceLocation?, notes: [String] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    public static func note(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// `lanes.yml:12:7: error: message`, then one `note:` line per note.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        let head = "\(prefix)\(severity.rawValue): \(message)"
        return ([head] + notes.map { "\(prefix)note: \($0)" }).joined(separator: "\n")
    }
}
