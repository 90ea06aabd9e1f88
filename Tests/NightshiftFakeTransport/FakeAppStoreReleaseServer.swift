import FlyingFox
import Foundation
import NightshiftSystem

/// `FakeAppStoreRelease` on a loopback port, for the built binary (`APP_STORE_CONNECT_ENDPOINT`):
/// every request goes through an `AppleServiceGate` (the token checked as Apple does), and a test can
/// hold the answer to a write after the fake has acted on it (`holdNextWrite`), so it kills the
/// process at that moment, on an event rather than after a guessed delay.
public final class FakeAppStoreReleaseServer: @unchecked Sendable {
    public let fake: FakeAppStoreRelease
    /// The token check and problems this fake shares with the others a test drives.
    public let gate: AppleServiceGate
    private let lock = NSLock()
    private var armed = false
    private var held: String?
    private var waiting: CheckedContinuation<Void, Never>?
    /// Set once in `init`; optional only because the server's handler needs `self`.
    private var server: LocalHTTPServer?

    /// `gate`: one shared with the other fakes of a test; by default a gate of its own on the
    /// real clock (the built binary signs its tokens by it).
    public init(_ state: FakeAppStoreReleaseState = .standard(), gate: AppleServiceGate? = nil) async throws {
        self.gate = gate ?? AppleServiceGate(clock: SystemClock())
        fake = FakeAppStoreRelease(state, base: URL(string: "http://127.0.0.1")!)
        server = try await LocalHTTPServer { [unowned self] request, _ in await self.handle(request) }
        fake.base = URL(string: endpoint)!
    }

    public var pem: String { gate.pem }
    public var endpoint: String { "http://127.0.0.1:\(server?.port ?? 0)" }
    /// The write whose answer is being held, once the fake has acted on it.
    public var heldWrite: String? { lock.withLock { held } }
    /// Tokens that Apple would have refused: a test expects none.
    public var problems: [String] { gate.problems }

    /// The `APP_STORE_CONNECT_API_KEY_*` variables of the key this fake trusts.
    public var keyEnvironment: [String: String] { gate.keyEnvironment }

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
        if let refusal = gate.admit(request) { return refusal }
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
