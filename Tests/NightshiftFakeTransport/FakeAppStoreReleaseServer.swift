import Crypto
import FlyingFox
import Foundation
import NightshiftSystem

/// `FakeAppStoreRelease` on a loopback port, for the built binary (`APP_STORE_CONNECT_ENDPOINT`):
/// every request's bearer token is checked as Apple does (`AppleTokenCheck`), and a test can
/// hold the answer to a write after the fake has acted on it (`holdNextWrite`), so it kills the
/// process at that moment, on an event rather than after a guessed delay.
public final class FakeAppStoreReleaseServer: @unchecked Sendable {
    public let fake: FakeAppStoreRelease
    private let key = P256.Signing.PrivateKey()
    private let lock = NSLock()
    private var armed = false
    private var held: String?
    private var waiting: CheckedContinuation<Void, Never>?
    private var foundProblems: [String] = []
    /// Set once in `init`; optional only because the server's handler needs `self`.
    private var server: LocalHTTPServer?

    public init(_ state: FakeAppStoreReleaseState = .standard()) async throws {
        fake = FakeAppStoreRelease(state, base: URL(string: "http://127.0.0.1")!)
        server = try await LocalHTTPServer { [unowned self] request, _ in await self.handle(request) }
        fake.base = URL(string: endpoint)!
    }

    public var pem: String { key.pemRepresentation }
    public var endpoint: String { "http://127.0.0.1:\(server?.port ?? 0)" }
    /// The write whose answer is being held, once the fake has acted on it.
    public var heldWrite: String? { lock.withLock { held } }
    /// Tokens that Apple would have refused: a test expects none.
    public var problems: [String] { lock.withLock { foundProblems } }

    /// The `APP_STORE_CONNECT_API_KEY_*` variables of the key this fake trusts.
    public var keyEnvironment: [String: String] {
        [
            "APP_STORE_CONNECT_API_KEY_KEY_ID": AppleTokenCheck.keyID, "APP_STORE_CONNECT_API_KEY_ISSUER_ID": AppleTokenCheck.issuerID,
            "APP_STORE_CONNECT_API_KEY_KEY": pem,
        ]
    }

    /// The next write is carried out, then its answer waits until `letGo()`.
    public func holdNextWrite() { lock.withLock { armed = true } }

    /// Sends the held answer (to a connection that may be gone) and holds nothing more.
    public func letGo() {
        let continuation = lock.withLock {
            armed = false
            held = nil
            defer { waiting = nil }
            return waiting
        }
        continuation?.resume()
    }

    public func stop() async {
        letGo()
        await server?.stop()
    }

    private func handle(_ request: LocalHTTPServer.Received) async -> FlyingFox.HTTPResponse {
        switch AppleTokenCheck(key: key.publicKey, clock: SystemClock()).check(request.headers["authorization"]) {
        case .valid: break
        case .malformed(let text):
            lock.withLock { foundProblems.append(text) }
            return .status(401, #"{"errors":[{"status":"401","code":"NOT_AUTHORIZED","detail":"\#(text)"}]}"#)
        case .expired: return .status(401, #"{"errors":[{"status":"401","code":"NOT_AUTHORIZED","detail":"expired token"}]}"#)
        }
        let path = String(request.path.drop { $0 == "/" })
        let answer = fake.respond(request.method, path, query: request.query, body: request.body.isEmpty ? nil : request.body)
        if request.method != "GET" {
            await withCheckedContinuation { continuation in
                let hold = lock.withLock {
                    guard armed else { return false }
                    armed = false
                    held = "\(request.method) \(path)"
                    waiting = continuation
                    return true
                }
                if !hold { continuation.resume() }
            }
        }
        return .status(answer.status, String(decoding: answer.body, as: UTF8.self), headers: ["Content-Type": "application/json"])
    }
}
