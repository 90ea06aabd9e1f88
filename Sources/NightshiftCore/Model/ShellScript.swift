/// An `sh:` step's script. It goes to `/bin/sh -c` exactly as written: nightshift never
/// interpolates it, so `${NAME}` there is the shell's, and values are never spliced into it.
public struct ShellScript: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var raw: String
    /// Where the script stands in the lanes file (nil for scripts made up in code).
    public var location: SourceLocation?
    /// Where each of the script's `${NAME}` references stands, in the order
    /// `ShellScriptScanner` finds them; the loader fills it in. A reference without an entry is
    /// placed at `location`.
    public var referenceLocations: [SourceLocation?]

    public init(_ raw: String, at location: SourceLocation? = nil, referenceLocations: [SourceLocation?] = []) {
        self.raw = raw
        self.location = location
        self.referenceLocations = referenceLocations
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { raw }

    // Two scripts are the same when their text is, wherever they stand (as `Template`s).
    public static func == (lhs: ShellScript, rhs: ShellScript) -> Bool { lhs.raw == rhs.raw }
    public func hash(into hasher: inout Hasher) { hasher.combine(raw) }
}
