/// A string from lanes.yml that may hold `${VAR}` or `${VAR:-default}` references, kept
/// unresolved until a run knows its environment. `$$` is a literal `$`. Parsed once, when made:
/// a template is expanded per step and its references listed by every check, and each of those
/// used to parse the text again.
public struct Template: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let raw: String
    /// Where the value stands in the lanes file (nil for values nightshift made up itself).
    public var location: SourceLocation?
    /// Nil when the text is not a valid template (the loader reports it); it then expands to
    /// itself and references nothing.
    let parts: [TemplateSyntax.Part]?

    public init(_ raw: String, at location: SourceLocation? = nil) {
        self.raw = raw
        self.location = location
        parts = try? TemplateSyntax.parse(raw)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { raw }

    public static func == (lhs: Template, rhs: Template) -> Bool { lhs.raw == rhs.raw }
    public func hash(into hasher: inout Hasher) { hasher.combine(raw) }
}
