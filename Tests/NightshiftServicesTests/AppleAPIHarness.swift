import Crypto
import Foundation
import NightshiftCore
import NightshiftSchema
@testable import NightshiftServices
import NightshiftSystem

/// A scripted App Store Connect for the client's tests: each request is answered by `answer`
/// (an unscripted one fails the test through its 599), and every request is recorded with the
/// token it carried.
final class ScriptedAppleAPI: HTTPTransport {
    private let answer: @Sendable (HTTPTransportRequest) -> HTTPTransportResponse
    private let sent = LockedValue<[HTTPTransportRequest]>([])

    init(_ answer: @escaping @Sendable (HTTPTransportRequest) -> HTTPTransportResponse) {
        self.answer = answer
    }

    var requests: [HTTPTransportRequest] { sent.withLock { $0 } }

    /// The bearer token of each request, in order.
    var tokens: [String] { requests.map { ($0.headers["Authorization"] ?? "").replacingOccurrences(of: "Bearer ", with: "") } }

    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        sent.withLock { $0.append(request) }
        return answer(request)
    }

    static func json(_ status: Int, _ text: String) -> HTTPTransportResponse {
        HTTPTransportResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}

/// A clock whose time moves only when told: tokens are signed at `now`, and no test sleeps.
final class SteppedClock: WallClock {
    private let current = LockedValue(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }

    /// Only the request deadline's timer sleeps here; it is cancelled as soon as the answer is in.
    func sleep(for duration: Duration) async throws { try await Task.sleep(for: .seconds(86_400)) }

    func sleep(until date: Date) async throws { try await Task.sleep(for: .seconds(86_400)) }
}

struct NoJitter: JitterSource {
    func nextUnit() -> Double { 0.5 }
}

/// The client on `api`, its key a fresh P-256 one, every token learned by `secrets`.
struct ClientFixture {
    static let base = URL(string: "https://api.example.test/asc")!

    let api: ScriptedAppleAPI
    let clock = SteppedClock()
    let secrets = RunSecrets(secrets: [])
    let client: AppStoreConnectClient

    init(base: URL = Self.base, _ answer: @escaping @Sendable (HTTPTransportRequest) -> HTTPTransportResponse) throws {
        api = ScriptedAppleAPI(answer)
        let pem = P256.Signing.PrivateKey().pemRepresentation
        let tokens = try AppStoreConnectKey.tokens(keyID: "KEY1", issuerID: "issuer", privateKey: pem, clock: clock, secrets: secrets)
        let http = RetryingHTTPClient(transport: api, clock: clock, jitter: NoJitter(), policy: UploadRetryPolicy(attempts: 1))
        client = AppStoreConnectClient(api: base, tokens: tokens, http: http, secrets: secrets, log: { _ in })
    }
}

/// A provisioning resource as signing reads it: every attribute optional.
struct Device: Decodable, Equatable {
    struct Attributes: Decodable, Equatable {
        var name: String?
        var udid: String?
    }

    struct Relationships: Decodable, Equatable {
        var app: JSONAPI.ToOne?
    }

    var id: String
    var attributes: Attributes?
    var relationships: Relationships?
}
