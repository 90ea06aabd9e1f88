public import NightshiftCore

/// One generated file: its name inside the output folder and its text.
public struct ExportedFile: Sendable, Hashable {
    public var fileName: String
    public var contents: String

    public init(fileName: String, contents: String) {
        self.fileName = fileName
        self.contents = contents
    }
}

/// What an export produced: the files, and what the user should know about them (a lane whose
/// `H` times will differ on the CI engine, a schedule a single file cannot carry…).
public struct Export: Sendable, Hashable {
    public var files: [ExportedFile]
    public var warnings: [Diagnostic]

    public init(files: [ExportedFile], warnings: [Diagnostic]) {
        self.files = files
        self.warnings = warnings
    }
}
