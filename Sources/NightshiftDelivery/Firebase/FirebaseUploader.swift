import Foundation
public import NightshiftCore
import NightshiftEngine
public import NightshiftSystem

/// `upload: { to: firebase, app: 1:…:ios:…, groups: [qa], notes: … }`: Firebase App Distribution
/// over its REST API. Uploads the binary, polls the operation until the release exists, sets the
/// release notes, distributes to groups and testers, and answers with the console URL.
public struct FirebaseUploader: Uploader {
    public static let defaultEndpoint = "https://firebaseappdistribution.googleapis.com"

    public var client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient
    public var clock: any WallClock
    /// Between operation polls; Google's own clients wait 5 s, for at most 5 minutes.
    public var pollInterval: Duration
    public var maximumPolls: Int

    public init(
        client: @escaping @Sendable (UploadRetryPolicy) -> RetryingHTTPClient, clock: any WallClock,
        pollInterval: Duration = .seconds(5), maximumPolls: Int = 60
    ) {
        self.client = client
        self.clock = clock
        self.pollInterval = pollInterval
        self.maximumPolls = maximumPolls
    }

    public func upload(_ request: UploadRequest, progress: @escaping @Sendable (UploadProgress) -> Void) async throws -> UploadReceipt {
        let settings = request.settings
        let app = try FirebaseAppID(try settings.required("app", for: "firebase"))
        let notes = try Self.releaseNotes(settings)
        let http = client(try settings.retryPolicy(for: "firebase"))
        let (token, masker) = try await authenticate(settings, http: http, request: request)
        let session = FirebaseSession(
            api: try Self.endpoint(settings), token: token, http: http, clock: clock, masker: masker, log: request.log
        )
        let digest = try FileDigest.of(file: request.file)
        let operation = try await session.uploadBinary(request.file, app: app, progress: progress)
        let (release, result) = try await session.waitForRelease(operation, interval: pollInterval, maximumPolls: maximumPolls)
        await request.log("Firebase release \(release.summary): \(result ?? "uploaded")")
        if let notes { try await session.setReleaseNotes(notes, on: release) }
        let (groups, testers) = (settings.list("groups"), settings.list("testers"))
        if !groups.isEmpty || !testers.isEmpty { try await session.distribute(release, groups: groups, testers: testers) }
        if let testing = release.testingUri { await request.log("testers install it from \(testing)") }
        return UploadReceipt(location: release.firebaseConsoleUri ?? release.testingUri ?? release.name, verification: .sent(digest))
    }

    /// `access_token:` as given, or one exchanged for `service_account:`; the masker learns it.
    private func authenticate(_ settings: UploadSettings, http: RetryingHTTPClient, request: UploadRequest) async throws -> (String, SecretMasker) {
        if let token = settings.string("access_token") {
            return (token, request.masker.adding([token]))
        }
        guard let accountValue = settings.string("service_account") else {
            throw UploadError("firebase", "set 'service_account:' (a key file or its JSON from an environment variable) or 'access_token:'")
        }
        let account = try GoogleServiceAccount.load(accountValue)
        let masker = request.masker.adding(account.secretValues + [accountValue])
        let provider = GoogleAccessTokenProvider(client: http, clock: clock)
        let token = try await provider.accessToken(for: account, tokenEndpoint: settings.string("token_endpoint"), masker: masker, log: request.log)
        return (token, masker.adding([token]))
    }

    private static func endpoint(_ settings: UploadSettings) throws -> URL {
        let text = settings.string("endpoint") ?? defaultEndpoint
        guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text), url.host != nil else {
            throw UploadError("firebase", "'endpoint: \(text)' is not a URL")
        }
        return url
    }

    private static func releaseNotes(_ settings: UploadSettings) throws -> String? {
        if let notes = settings.string("notes") { return notes }
        guard let path = settings.string("notes_file") else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UploadError("firebase", "cannot read 'notes_file: \(path)'")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
