public import NightshiftSystem

/// What an upload of dSYMs needs from the run beyond its settings: the step's shell (its
/// `DEVELOPER_DIR`, its dry-run recording), where the archived app is, where Crashlytics'
/// `upload-symbols` may be, and what an earlier attempt of the run already sent.
public struct SymbolUploadContext: Sendable {
    public var shell: any ShellRunner
    /// The archived `.app`, when the lane archived one: its `GoogleService-Info.plist`.
    public var app: String?
    /// Where `upload-symbols` is looked for, in order, when `upload_symbols:` is not set.
    public var toolCandidates: [String]
    /// What an earlier attempt of this run sent, one identity per file (`BugsnagUploader.identity`).
    public var alreadySent: Set<String>
    /// Writes what has been sent so far into the run journal, before the next file goes.
    public var recordSent: @Sendable (Set<String>) async -> Void

    public init(
        shell: any ShellRunner, app: String? = nil, toolCandidates: [String] = [], alreadySent: Set<String> = [],
        recordSent: @escaping @Sendable (Set<String>) async -> Void = { _ in }
    ) {
        self.shell = shell
        self.app = app
        self.toolCandidates = toolCandidates
        self.alreadySent = alreadySent
        self.recordSent = recordSent
    }
}
