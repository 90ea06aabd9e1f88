import Foundation
import NightshiftCore
import NightshiftEngine
public import NightshiftSchema
public import NightshiftSystem
public import NightshiftServices

/// `upload: { to: firebase, app: 1:…:ios:…, groups: [qa], notes: … }`: Firebase App Distribution
/// over its REST API. Uploads the binary, polls the operation until the release exists, sets the
/// release notes, distributes to groups and testers, and answers with the console URL.
public struct FirebaseUploader: DestinationUploader {
    public static let defaultEndpoint = FirebaseSettings.defaultEndpoint.absoluteString

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

    public func upload(
        _ request: UploadRequest, settings: FirebaseSettings, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> UploadReceipt {
        let notes = try Self.releaseNotes(settings.notes)
        let http = client(settings.retry)
        let token = try await authenticate(settings, http: http, request: request)
        let session = FirebaseSession(
            api: settings.endpoint, token: token, http: http, clock: clock, secrets: request.secrets, log: request.log)
        let digest = try FileDigest.of(file: request.file.string)
        let operation = try await session.uploadBinary(request.file, app: settings.app, progress: progress)
        let (release, result) = try await session.waitForRelease(operation, interval: pollInterval, maximumPolls: maximumPolls)
        await request.log(Self.outcome(of: release, result: result))
        if let notes { try await session.setReleaseNotes(notes, on: release) }
        if !settings.groups.isEmpty || !settings.testers.isEmpty {
            try await session.distribute(release, groups: settings.groups, testers: settings.testers)
        }
        if let console = release.firebaseConsoleUri { await request.log("console: \(console)") }
        if let testing = release.testingUri { await request.log("testers install it from \(testing)") }
        // `release_url`: the release's page, for the reports and notifications (`LaneRunSummary`).
        let page = release.firebaseConsoleUri ?? release.testingUri
        return UploadReceipt(
            location: page ?? release.name, verification: .sent(digest), details: page.map { ["release_url": $0] } ?? [:])
    }

    /// What App Distribution did with the binary. `RELEASE_UNMODIFIED` is a success: the same
    /// binary was uploaded before (a re-run after a later step failed), and the notes and
    /// testers still go to that release.
    static func outcome(of release: FirebaseRelease, result: String?) -> String {
        switch result {
        case "RELEASE_CREATED": "Firebase created release \(release.summary)"
        case "RELEASE_UPDATED": "Firebase updated release \(release.summary) with this binary"
        case "RELEASE_UNMODIFIED":
            "Firebase already had this binary (RELEASE_UNMODIFIED): release \(release.summary), uploaded before, is used as it is"
        default: "Firebase release \(release.summary): \(result ?? "uploaded")"
        }
    }

    /// `access_token:` as given, or one exchanged for `service_account:`; the run's secrets learn
    /// it, and the account's keys.
    private func authenticate(_ settings: FirebaseSettings, http: RetryingHTTPClient, request: UploadRequest) async throws -> String {
        let accountValue: String
        switch settings.credential {
        case .accessToken(let token):
            request.secrets.learn([token])
            return token
        case .serviceAccount(let value): accountValue = value
        }
        let account = try GoogleServiceAccount.load(accountValue)
        request.secrets.learn(account.secretValues + [accountValue])
        let provider = GoogleAccessTokenProvider(client: http, clock: clock)
        let token = try await provider.accessToken(
            for: account, tokenEndpoint: settings.tokenEndpoint, secrets: request.secrets, log: request.log)
        request.secrets.learn([token])
        return token
    }

    private static func releaseNotes(_ notes: FirebaseSettings.ReleaseNotes?) throws -> String? {
        switch notes {
        case nil: return nil
        case .text(let text)?: return text
        case .file(let path)?:
            // Regular files only, opened without blocking (a FIFO would hold the run past SIGTERM).
            let limit: Int64 = 1 << 20
            do { return String(decoding: try WholeFile.contents(of: path, atMost: limit), as: UTF8.self) } catch {
                throw UploadError(
                    .firebase, "cannot read 'notes_file: \(path)': \(error.reason(reading: path, limit: limit))", reason: .missingFile)
            }
        }
    }
}
