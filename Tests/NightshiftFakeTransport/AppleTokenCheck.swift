import Crypto
import Foundation
import NightshiftSystem

/// The one check the fakes of Apple's APIs (App Store Connect, its provisioning API, the Notary
/// service) make of a bearer token, as Apple documents it ("Generating Tokens for API Requests"):
/// an ES256 JWT with `kid` and `typ: JWT`, signed by the team key, for the issuer and the
/// `appstoreconnect-v1` audience, living at most 20 minutes, and not expired on the fake's clock.
struct AppleTokenCheck: Sendable {
    enum Verdict: Sendable, Equatable {
        case valid
        /// Not what any client of Apple's should send: the fake records it as a problem.
        case malformed(String)
        /// Well made, but past its `exp` (or issued in the future): Apple answers 401.
        case expired
    }

    static let keyID = "2X9R4HXF34"
    static let issuerID = "57246542-96fe-1a63-e053-0824d011072a"

    let key: P256.Signing.PublicKey
    let clock: any WallClock

    func check(_ authorization: String?) -> Verdict {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return .malformed("no bearer token") }
        let pieces = authorization.dropFirst("Bearer ".count).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count == 3, let header = Self.json(pieces[0]), let claims = Self.json(pieces[1]),
            let signature = FakeAppStoreConnect.base64URLDecode(pieces[2])
        else { return .malformed("malformed token") }
        guard header["alg"] as? String == "ES256", header["kid"] as? String == Self.keyID, header["typ"] as? String == "JWT" else {
            return .malformed("bad token header \(header)")
        }
        guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
            key.isValidSignature(ecdsa, for: Data((pieces[0] + "." + pieces[1]).utf8))
        else { return .malformed("bad token signature") }
        guard claims["iss"] as? String == Self.issuerID, claims["aud"] as? String == "appstoreconnect-v1",
            let issued = claims["iat"] as? Int, let expires = claims["exp"] as? Int
        else { return .malformed("bad token claims \(claims)") }
        guard expires - issued <= 20 * 60 else { return .malformed("token lives \(expires - issued)s, over 20 minutes") }
        let now = Int(clock.now.timeIntervalSince1970)
        guard issued <= now + 60, now < expires else { return .expired }
        return .valid
    }

    private static func json(_ piece: String) -> [String: Any]? {
        FakeAppStoreConnect.base64URLDecode(piece).flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
    }
}
