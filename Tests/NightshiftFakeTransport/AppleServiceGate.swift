import Crypto
public import FlyingFox
import Foundation
public import NightshiftSystem

/// What every fake of Apple's APIs does before it answers (App Store Connect's uploads and build
/// numbers, its provisioning API, the Notary API, the App Store release): the one token check
/// (`AppleTokenCheck`), Apple's one 401 document for a token it refuses, the requests seen, and
/// what was wrong. A test that drives several APIs hands the fakes one gate, as one team key
/// opens all of Apple's: one key, one clock, one request log, one list of problems.
public final class AppleServiceGate: @unchecked Sendable {
    /// The team key the fakes trust; a client signs its tokens with it (`pem`).
    let key = P256.Signing.PrivateKey()
    let clock: any WallClock
    private let lock = NSLock()
    private var seen: [String] = []
    private var tokensSeen: Set<String> = []
    private var foundProblems: [String] = []
    /// Paths (by suffix) whose first request is refused as an expired token is.
    private var expiring: Set<String> = []

    public init(clock: any WallClock) { self.clock = clock }

    public var pem: String { key.pemRepresentation }
    /// Method and path of each request the gate checked, in order.
    public var requests: [String] { lock.withLock { seen } }
    /// Every bearer token seen.
    public var tokens: Set<String> { lock.withLock { tokensSeen } }
    /// What a real client of Apple's would never send; a test expects none.
    public var problems: [String] { lock.withLock { foundProblems } }

    /// The `APP_STORE_CONNECT_API_KEY_*` variables of the key the gate trusts.
    public var keyEnvironment: [String: String] {
        [
            "APP_STORE_CONNECT_API_KEY_KEY_ID": AppleTokenCheck.keyID, "APP_STORE_CONNECT_API_KEY_ISSUER_ID": AppleTokenCheck.issuerID,
            "APP_STORE_CONNECT_API_KEY_KEY": pem,
        ]
    }

    /// The next request to a path ending in `suffix` is refused as Apple refuses an expired token.
    public func expireTokenOnce(at suffix: String) { lock.withLock { _ = expiring.insert(suffix) } }

    /// Records a problem a fake found in a request.
    public func record(_ problem: String) { lock.withLock { foundProblems.append(problem) } }

    /// Nil when the request may go on to its API; otherwise Apple's answer to it: a 401 for a
    /// token Apple would refuse (a malformed one is also a problem: no client should send it).
    public func admit(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse? {
        let authorization = request.headers["authorization"]
        let expireNow = lock.withLock { () -> Bool in
            seen.append("\(request.method) \(request.path)")
            if let authorization, authorization.hasPrefix("Bearer ") { tokensSeen.insert(String(authorization.dropFirst("Bearer ".count))) }
            guard let suffix = expiring.first(where: { request.path.hasSuffix($0) }) else { return false }
            expiring.remove(suffix)
            return true
        }
        if expireNow { return Self.notAuthorized() }
        switch AppleTokenCheck(key: key.publicKey, clock: clock).check(authorization) {
        case .valid: return nil
        case .malformed(let text):
            record("token: \(text)")
            return Self.notAuthorized()
        case .expired: return Self.notAuthorized()
        }
    }

    /// Apple's answer to a missing, malformed or expired token ("Generating Tokens for API Requests").
    public static func notAuthorized() -> FlyingFox.HTTPResponse {
        .json(
            [
                "errors": [
                    [
                        "id": UUID().uuidString, "status": "401", "code": "NOT_AUTHORIZED",
                        "title": "Authentication credentials are missing or invalid.",
                        "detail": "Provide a properly configured and signed bearer token, and make sure that it has not expired.",
                    ]
                ]
            ], status: 401)
    }
}
