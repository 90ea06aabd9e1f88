import Crypto
import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

@Suite("App Store Connect tokens")
struct AppStoreConnectTokenTests {
    static func decode(_ token: String) throws -> (header: [String: Any], claims: [String: Any]) {
        let pieces = token.split(separator: ".").map(String.init)
        let header = try #require(FakeAppStoreConnect.base64URLDecode(pieces[0]))
        let claims = try #require(FakeAppStoreConnect.base64URLDecode(pieces[1]))
        return (
            try #require(try JSONSerialization.jsonObject(with: header) as? [String: Any]),
            try #require(try JSONSerialization.jsonObject(with: claims) as? [String: Any])
        )
    }

    @Test("a team key: ES256 with kid, iss, aud appstoreconnect-v1, 20 minutes of life, a raw r||s signature")
    func teamKey() throws {
        let key = P256.Signing.PrivateKey()
        let signer = try AppStoreConnectTokenSigner(keyID: "2X9R4HXF34", issuerID: "issuer-1", pem: key.pemRepresentation)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let (token, expires) = try signer.token(now: now)
        let (header, claims) = try Self.decode(token)
        #expect(header as? [String: String] == ["alg": "ES256", "kid": "2X9R4HXF34", "typ": "JWT"])
        #expect(claims["iss"] as? String == "issuer-1" && claims["sub"] == nil && claims["aud"] as? String == "appstoreconnect-v1")
        #expect(claims["iat"] as? Int == 1_800_000_000 && claims["exp"] as? Int == 1_800_001_200)
        #expect(expires == now.addingTimeInterval(1200))
        let pieces = token.split(separator: ".").map(String.init)
        let raw = try #require(FakeAppStoreConnect.base64URLDecode(pieces[2]))
        #expect(raw.count == 64)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: raw)
        #expect(key.publicKey.isValidSignature(signature, for: Data("\(pieces[0]).\(pieces[1])".utf8)))
    }

    @Test("an individual key: sub user and no iss")
    func individualKey() throws {
        let signer = try AppStoreConnectTokenSigner(keyID: "K", issuerID: nil, pem: P256.Signing.PrivateKey().pemRepresentation)
        let (_, claims) = try Self.decode(try signer.token(now: Date(timeIntervalSince1970: 1_800_000_000)).token)
        #expect(claims["sub"] as? String == "user" && claims["iss"] == nil)
    }

    @Test("a token is reused until 2 minutes before it expires, then a new one is made and the run's secrets learn it")
    func renewal() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        let signer = try AppStoreConnectTokenSigner(keyID: "K", issuerID: "I", pem: P256.Signing.PrivateKey().pemRepresentation)
        let secrets = RunSecrets(secrets: [])
        let tokens = AppStoreConnectTokens(signer: signer, clock: clock) { secrets.learn([$0]) }
        let first = try await tokens.token()
        clock.advance(by: .seconds(17 * 60))
        #expect(try await tokens.token() == first)
        clock.advance(by: .seconds(60 + 1))
        let second = try await tokens.token()
        #expect(second != first)
        #expect(secrets.mask("Bearer \(first) and \(second)") == "Bearer ******** and ********")
    }

    @Test("a key that is not P-256 PEM is refused without quoting it")
    func badKey() {
        let error = #expect(throws: AppStoreConnectError.self) {
            try AppStoreConnectTokenSigner(
                keyID: "K", issuerID: "I", pem: "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----")
        }
        #expect(error?.message == "the App Store Connect key (private_key) is not a P-256 private key in PEM form (.p8)")
        #expect(error?.reason == .invalidSetting)
    }
}
