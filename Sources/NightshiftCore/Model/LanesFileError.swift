/// Everything wrong with a lanes file, found in one pass. Thrown once, after all checks ran.
public struct LanesFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// As much of the file as could be read despite the errors: what it declares secret, so the
    /// diagnostics can be masked before they are shown (an error may quote a value).
    public var partialFile: LanesFile?

    public init(_ diagnostics: [Diagnostic], partialFile: LanesFile? = nil) {
        self.diagnostics = diagnostics
        self.partialFile = partialFile
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
