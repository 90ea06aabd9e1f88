public import NightshiftCore
public import NightshiftEngine
public import NightshiftSchema
public import NightshiftSystem
/// Sends a built file somewhere: App Store Connect, Firebase App Distribution, an HTTP store, a folder.
public protocol Uploader: Sendable {
    /// Uploads `request.file`. `progress` is called from any thread as bytes go out.
    /// - Throws: `UploadError` with a message already masked (runtime tokens included).
    func upload(_ request: UploadRequest, progress: @escaping @Sendable (UploadProgress) -> Void) async throws -> UploadReceipt
}

/// An uploader for one destination, handed that destination's settings typed. Its `upload(_:progress:)`
/// decodes them from the request's expanded parameters first, the one decode at run time.
public protocol DestinationUploader: Uploader {
    associatedtype Settings: DestinationSettings
    func upload(_ request: UploadRequest, settings: Settings, progress: @escaping @Sendable (UploadProgress) -> Void) async throws
        -> UploadReceipt
}

extension DestinationUploader {
    public func upload(_ request: UploadRequest, progress: @escaping @Sendable (UploadProgress) -> Void) async throws -> UploadReceipt {
        try await upload(request, settings: try Settings(request.settings), progress: progress)
    }
}

public struct UploadRequest: Sendable {
    /// Read against the run's folder by the step (`StepContext.path(_:)`).
    public var file: AbsolutePath
    /// The destination's settings, templates already expanded.
    public var parameters: [String: UploadParameter]
    public var environment: EnvironmentVariables
    /// The run's one owner of secrets. An uploader teaches it what it obtains at runtime (a
    /// token, a key read from a file) before using it, so it is masked everywhere from then on.
    public let secrets: RunSecrets
    /// Where the log lines go; `log` masks them on the way.
    private let writeLog: @Sendable (String) async -> Void
    /// This run's folder (`.nightshift/runs/<lane>/<run-id>`), where an upload may leave what a
    /// later run of the lane needs to continue it; nil: nothing is kept.
    public var runFolder: AbsolutePath?
    /// Set for the destinations that take dSYMs (`file` is then the folder of `.dSYM` bundles).
    public var symbols: SymbolUploadContext?
    /// The upload step's note in the run journal: what the destination made of the file (the
    /// TestFlight build's id), for the steps after it (`release:`).
    public var journal: StepJournalNotes

    public init(
        file: AbsolutePath, parameters: [String: UploadParameter], environment: EnvironmentVariables,
        secrets: RunSecrets, log: @escaping @Sendable (String) async -> Void = { _ in }, runFolder: AbsolutePath? = nil,
        journal: StepJournalNotes = .none
    ) {
        self.file = file
        self.parameters = parameters
        self.environment = environment
        self.secrets = secrets
        self.writeLog = log
        self.runFolder = runFolder
        self.journal = journal
    }

    /// The uploader's own commentary (retries, verification, tool output), one line per call,
    /// masked with every secret the run knows when the line is written.
    public var log: @Sendable (String) async -> Void {
        { [secrets, writeLog] line in await writeLog(secrets.mask(line)) }
    }

    /// The masker as the run's secrets stand now.
    public var masker: SecretMasker { secrets.masker }

    public var settings: UploadSettings { UploadSettings(parameters) }
}

public struct UploadProgress: Sendable, Hashable {
    public var bytesSent: Int64
    public var totalBytes: Int64

    public init(bytesSent: Int64, totalBytes: Int64) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// 0...1, or nil when the total is unknown.
    public var fraction: Double? {
        totalBytes > 0 ? min(1, Double(bytesSent) / Double(totalBytes)) : nil
    }
}

public struct UploadReceipt: Sendable, Hashable {
    /// Where the build went: a release URL or a path.
    public var location: String
    /// What went out, and what of it the destination confirmed.
    public var verification: UploadVerification?
    /// What the destination named, for reports (`build_id`, `processing_state`).
    public var details: [String: String]

    public init(location: String, verification: UploadVerification? = nil, details: [String: String] = [:]) {
        self.location = location
        self.verification = verification
        self.details = details
    }
}
