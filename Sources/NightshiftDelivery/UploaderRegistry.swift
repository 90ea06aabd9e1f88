public import NightshiftCore
public import NightshiftSchema
public import NightshiftSystem
public import NightshiftServices
/// `upload: { to: firebase }` → the uploader for it.
public struct UploaderRegistry: Sendable {
    public var uploaders: [UploadDestination: any Uploader]

    public init(_ uploaders: [UploadDestination: any Uploader] = [:]) {
        self.uploaders = uploaders
    }

    public func uploader(for destination: UploadDestination) -> (any Uploader)? { uploaders[destination] }

    /// The real uploaders, for the composition root. `temporaryDirectory` holds multipart bodies
    /// and App Store Connect keys while an upload runs.
    public static func live(
        shell: any ShellRunner, clock: any WallClock, temporaryDirectory: String,
        transport: any HTTPTransport, jitter: any JitterSource = SystemJitterSource()
    ) -> UploaderRegistry {
        let client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient = { policy in
            RetryingHTTPClient(transport: transport, clock: clock, jitter: jitter, policy: policy)
        }
        // Exhaustive, so a new destination cannot be left without its uploader.
        func uploader(for destination: UploadDestination) -> any Uploader {
            switch destination {
            case .testflight:
                TestFlightUploader(shell: shell, clock: clock, temporaryDirectory: temporaryDirectory, client: client, jitter: jitter)
            case .firebase: FirebaseUploader(client: client, clock: clock)
            case .http: HTTPUploader(client: client, temporaryDirectory: temporaryDirectory)
            case .folder: FolderUploader(clock: clock, jitter: jitter)
            case .bugsnag: BugsnagUploader(client: client, temporaryDirectory: temporaryDirectory)
            case .sentry: SentryUploader()
            case .crashlytics: CrashlyticsUploader()
            }
        }
        return UploaderRegistry(Dictionary(uniqueKeysWithValues: UploadDestination.allCases.map { ($0, uploader(for: $0)) }))
    }
}
