import Crypto
import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftSystem
import _CryptoExtras
import NightshiftServices

/// Turns a service account into an OAuth access token: a JWT signed RS256 with the account's key,
/// exchanged at the token endpoint (RFC 7523 JWT bearer grant), as Google's client libraries do.
struct GoogleAccessTokenProvider {
    static let scope = "https://www.googleapis.com/auth/cloud-platform"
    static let defaultTokenEndpoint = "https://oauth2.googleapis.com/token"
    static let lifetime: TimeInterval = 3600

    var client: RetryingHTTPClient
    var clock: any WallClock

    /// `tokenEndpoint` is `token_endpoint:`, decoded; else the key file's own `token_uri`.
    func accessToken(
        for account: GoogleServiceAccount, tokenEndpoint: URL?, secrets: RunSecrets,
        log: @Sendable (String) async -> Void
    ) async throws -> String {
        let url = try tokenEndpoint ?? Self.url(account.tokenURI ?? Self.defaultTokenEndpoint)
        let assertion = try signedAssertion(for: account, audience: url.absoluteString)
        secrets.learn([assertion])
        let form = "grant_type=\(Self.formEncode("urn:ietf:params:oauth:grant-type:jwt-bearer"))&assertion=\(Self.formEncode(assertion))"
        let request = HTTPTransportRequest(
            method: "POST", url: url, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: .data(Data(form.utf8)))
        let response = try await client.sendExpectingSuccess(request, destination: .firebase, secrets: secrets, log: log)
        guard let token = (try? JSONDecoder().decode(TokenResponse.self, from: response.body))?.accessToken, !token.isEmpty else {
            throw UploadError(.firebase, "the token endpoint answered without an access_token")
        }
        return token
    }

    /// A key file's `token_uri` is written by Google, but read like `token_endpoint:`.
    private static func url(_ text: String) throws(UploadError) -> URL {
        guard let url = URL(string: text) else {
            throw UploadError(.firebase, "'token_endpoint: \(text)' is not a URL", reason: .invalidSetting)
        }
        return url
    }

    func signedAssertion(for account: GoogleServiceAccount, audience: String) throws -> String {
        let issuedAt = Int(clock.now.timeIntervalSince1970)
        var header: [String: Any] = ["alg": "RS256", "typ": "JWT"]
        if let keyID = account.privateKeyID { header["kid"] = keyID }
        let claims: [String: Any] = [
            "iss": account.clientEmail, "scope": Self.scope, "aud": audience,
            "iat": issuedAt, "exp": issuedAt + Int(Self.lifetime),
        ]
        let signingInput = try JWTEncoding.base64URL(json: header) + "." + JWTEncoding.base64URL(json: claims)
        let key: _RSA.Signing.PrivateKey
        do {
            key = try _RSA.Signing.PrivateKey(pemRepresentation: account.privateKey)
        } catch {
            throw UploadError(.firebase, "the service account's private_key is not an RSA key in PEM form", reason: .invalidSetting)
        }
        let signature = try key.signature(for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5)
        return signingInput + "." + JWTEncoding.base64URL(signature.rawRepresentation)
    }

    private struct TokenResponse: Decodable {
        var accessToken: String
        enum CodingKeys: String, CodingKey { case accessToken = "access_token" }
    }

    static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
