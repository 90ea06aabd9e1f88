import Crypto
import Foundation
import NightshiftCore
@testable import NightshiftAppStore
import NightshiftSchema
import NightshiftEngine
@testable import NightshiftServices
import NightshiftSystem
import NightshiftEngineTestSupport
import NightshiftTestSupport
import NightshiftFakeTransport

/// The release step's work against `FakeAppStoreReleaseAPI`, with a journal that outlives a
/// run (as the run journal does across `--resume`) and a clock that never sleeps for real.
struct AppStoreReleaseFixture {
    let api: FakeAppStoreReleaseAPI
    let journal = RecordedStepNote()
    let lines = LineLog()
    let client: AppStoreConnectClient
    let clock = InstantClock()

    init(_ state: FakeAppStoreReleaseState = .standard()) throws {
        api = FakeAppStoreReleaseAPI(state)
        let secrets = RunSecrets(secrets: [])
        let pem = P256.Signing.PrivateKey().pemRepresentation
        let tokens = try AppStoreConnectKey.tokens(keyID: "KEY1", issuerID: "issuer", privateKey: pem, clock: clock, secrets: secrets)
        let http = RetryingHTTPClient(transport: api, clock: clock, jitter: FixedJitter(unit: 0.5), policy: UploadRetryPolicy(attempts: 1))
        client = AppStoreConnectClient(api: FakeAppStoreReleaseAPI.base, tokens: tokens, http: http, secrets: secrets, log: { _ in })
    }

    static func request(_ change: (inout AppStoreReleaseRequest) -> Void = { _ in }) -> AppStoreReleaseRequest {
        var request = AppStoreReleaseRequest(bundleID: "com.example.app", platform: "IOS", build: .number("412"))
        request.whatsNew = .perLocale(["en-US": "Faster sync.", "de-DE": "Schnellere Synchronisierung."])
        request.encryption = false
        request.releaseType = .afterApproval
        request.phased = true
        change(&request)
        return request
    }

    func run(_ request: AppStoreReleaseRequest, dryRun: Bool = false) async throws -> AppStoreReleaseOutcome? {
        let release = AppStoreRelease(client: client, clock: clock, journal: journal.notes, isDryRun: dryRun, log: lines.sink)
        return try await release.run(request)
    }

    func plan(_ request: AppStoreReleaseRequest) async throws -> AppStoreReleasePlan {
        try await AppStoreReleasePlanner(client: client, clock: clock).plan(request)
    }
}

/// A clock whose sleeps return at once, moving its time on: waits in the step are counted, not slept.
final class InstantClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)
    private var sleeps = 0

    var sleepCount: Int { lock.withLock { sleeps } }

    var now: Date { lock.withLock { current } }

    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        lock.withLock {
            current = current.addingTimeInterval(TimeInterval(duration.components.seconds))
            sleeps += 1
        }
    }

    func sleep(until date: Date) async throws {
        try Task.checkCancellation()
        lock.withLock { current = max(current, date) }
    }
}
