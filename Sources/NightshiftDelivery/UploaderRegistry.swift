public import NightshiftCore
public import NightshiftSystem
/// `upload: { to: firebase }` → the uploader for it.
public struct UploaderRegistry: Sendable {
    public var uploaders: [String: any Uploader]

    public init(_ uploaders: [String: any Uploader] = [:]) {
        self.uploaders = uploaders
    }

    public func uploader(for destination: String) -> (any Uploader)? { uploaders[destination] }

    /// The real uploaders, for the composition root. `temporaryDirectory` holds multipart bodies
    /// and App Store Connect keys while an upload runs.
    public static func live(
        shell: any ShellRunner, clock: any WallClock, temporaryDirectory: String,
        transport: any HTTPTransport = URLSessionTransport(), jitter: any JitterSource = SystemJitterSource()
    ) -> UploaderRegistry {
        let client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient = { policy in
            RetryingHTTPClient(transport: transport, clock: clock, jitter: jitter, policy: policy)
        }
        return UploaderRegistry([
            "testflight": TestFlightUploader(shell: shell, clock: clock, temporaryDirectory: temporaryDirectory),
            "firebase": FirebaseUploader(client: client, clock: clock),
            "http": HTTPUploader(client: client, temporaryDirectory: temporaryDirectory),
            "folder": FolderUploader(clock: clock, jitter: jitter),
        ])
    }
}
