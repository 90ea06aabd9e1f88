/// A string from lanes.yml that may hold `${VAR}` or `${VAR:-default}` references, kept
/// unresolved until a run knows its environment. `$$` is a literal `$`.
public struct Template: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var raw: String
    /// Where the value stands in the lanes file (nil for values nightshift made up itself).
    public var location: SourceLocation?

    public init(_ raw: String, at location: SourceLocation? = nil) {
        self.raw = raw
        self.location = location
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { raw }

    public static func == (lhs: Template, rhs: Template) -> Bool { lhs.raw == rhs.raw }
    public func hash(into hasher: inout Hasher) { hasher.combine(raw) }
}
