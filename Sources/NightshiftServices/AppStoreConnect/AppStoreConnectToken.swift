import Crypto
public import Foundation
public import NightshiftSystem

/// Signs App Store Connect API tokens: ES256 JWTs over the .p8's P-256 key ("Generating Tokens
/// for API Requests"). Header `alg: ES256, kid, typ: JWT`; claims `iss` (the issuer id of a team
/// key) or `sub: user` (an individual key), `iat`, `exp`, `aud: appstoreconnect-v1`.
public struct AppStoreConnectTokenSigner: Sendable {
    static let audience = "appstoreconnect-v1"
    /// Apple refuses tokens that live longer than 20 minutes.
    public static let lifetime: TimeInterval = 20 * 60

    public let keyID: String
    /// nil for an individual key.
    public let issuerID: String?
    let key: P256.Signing.PrivateKey

    public init(keyID: String, issuerID: String?, pem: String) throws(AppStoreConnectError) {
        self.keyID = keyID
        self.issuerID = issuerID
        do {
            key = try P256.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw AppStoreConnectError(.unusableKey, "the App Store Connect key (private_key) is not a P-256 private key in PEM form (.p8)")
        }
    }

    /// A token valid from `now` for `lifetime`.
    public func token(now: Date) throws -> (token: String, expires: Date) {
        let issuedAt = Int(now.timeIntervalSince1970)
        let expires = issuedAt + Int(Self.lifetime)
        let header: [String: Any] = ["alg": "ES256", "kid": keyID, "typ": "JWT"]
        var claims: [String: Any] = ["iat": issuedAt, "exp": expires, "aud": Self.audience]
        if let issuerID { claims["iss"] = issuerID } else { claims["sub"] = "user" }
        let signingInput = try JWTEncoding.base64URL(json: header) + "." + JWTEncoding.base64URL(json: claims)
        // JWS wants the raw 64-byte r||s, not DER (RFC 7518 §3.4).
        let signature = try key.signature(for: Data(signingInput.utf8)).rawRepresentation
        return (signingInput + "." + JWTEncoding.base64URL(signature), Date(timeIntervalSince1970: TimeInterval(expires)))
    }
}

/// The current token, replaced by a fresh one when it has less than `margin` left: an upload and
/// Apple's processing can outlast one token. Every token made is handed to `learn` so the
/// masker hides it before any line or error can show it.
public actor AppStoreConnectTokens {
    /// A request started this close to expiry could still be in flight when it expires.
    static let margin: TimeInterval = 2 * 60

    private let signer: AppStoreConnectTokenSigner
    private let clock: any WallClock
    private let learn: @Sendable (String) async -> Void
    private var current: (token: String, expires: Date)?

    public init(signer: AppStoreConnectTokenSigner, clock: any WallClock, learn: @escaping @Sendable (String) async -> Void) {
        self.signer = signer
        self.clock = clock
        self.learn = learn
    }

    public func token() async throws -> String {
        let now = clock.now
        if let current, current.expires.timeIntervalSince(now) > Self.margin { return current.token }
        let fresh = try signer.token(now: now)
        await learn(fresh.token)
        current = fresh
        return fresh.token
    }

    /// Forgets the current token, so the next request signs a new one (after a 401).
    public func discard() { current = nil }
}
