import Crypto
import FlyingFox
import Foundation
@testable import NightshiftCore
import NightshiftTestSupport
import _CryptoExtras
import NightshiftFakeTransport

/// Answers like Google's token endpoint and Firebase App Distribution, checking what a client
/// must send: an RS256 JWT signed by the service account's key, the bearer token, the headers.
struct FakeFirebaseService: Sendable {
    static let app = "1:123456789:ios:abc123def"
    static let appPath = "projects/123456789/apps/1:123456789:ios:abc123def"
    static let release = "\(appPath)/releases/r3l3as3"
    static let operation = "\(appPath)/releases/-/operations/0p3rat10n"
    static let accessToken = "ya29.fake-access-token-for-tests"
    static let consoleURL = "https://console.firebase.google.com/project/demo/appdistribution/app/ios:com.example/releases/r3l3as3"

    var publicKey: _RSA.Signing.PublicKey
    var clientEmail: String
    /// How many polls answer "not done yet" before the release appears.
    var pendingPolls: Int = 2
    var uploadStatus: Int = 200
    /// What the finished operation says App Distribution did with the binary.
    var result = "RELEASE_CREATED"
    /// The group aliases the project has; `distribute` refuses others as Google does.
    var groupAliases: Set<String> = ["qa", "developers"]

    func handle(_ request: InProcessHTTPServer.Received, pollsSoFar: Int) -> FlyingFox.HTTPResponse {
        if request.method == "POST" && request.path == "/token" { return token(request) }
        guard request.headers["authorization"] == "Bearer \(Self.accessToken)" else {
            return .status(
                401,
                "{\"error\":{\"message\":\"Request had invalid authentication credentials: \(request.headers["authorization"] ?? "")\"}}")
        }
        switch (request.method, request.path) {
        case ("POST", "/upload/v1/\(Self.appPath)/releases:upload"):
            guard uploadStatus == 200 else {
                return .status(uploadStatus, "{\"error\":{\"message\":\"The caller does not have permission\"}}")
            }
            guard request.headers["x-goog-upload-protocol"] == "raw", request.headers["x-goog-upload-file-name"] == "App.ipa" else {
                return .status(400)
            }
            return .json(["name": Self.operation])
        case ("GET", "/v1/\(Self.operation)"):
            guard pollsSoFar > pendingPolls else { return .json(["name": Self.operation, "done": false]) }
            return .json([
                "name": Self.operation, "done": true,
                "response": [
                    "result": result,
                    "release": [
                        "name": Self.release, "displayVersion": "1.4", "buildVersion": "812", "firebaseConsoleUri": Self.consoleURL,
                        "testingUri": "https://appdistribution.firebase.google.com/testerapps/1:123456789:ios:abc123def/releases/r3l3as3",
                    ],
                ],
            ])
        case ("PATCH", "/v1/\(Self.release)"):
            guard request.query["updateMask"] == "release_notes.text" else { return .status(400) }
            return .json(["name": Self.release])
        case ("POST", "/v1/\(Self.release):distribute"):
            let asked = (try? JSONSerialization.jsonObject(with: request.body) as? [String: [String]])?["groupAliases"] ?? []
            if let unknown = asked.first(where: { !groupAliases.contains($0) }) {
                // google.rpc.Status, as App Distribution answers a group alias it does not have.
                return .status(
                    400,
                    "{\"error\":{\"code\":400,\"message\":\"Invalid group alias: \(unknown)\",\"status\":\"INVALID_ARGUMENT\"}}")
            }
            return .json([:])
        default:
            return .status(404, "no route for \(request.method) \(request.path)")
        }
    }

    private func token(_ request: InProcessHTTPServer.Received) -> FlyingFox.HTTPResponse {
        let form = Self.formFields(String(decoding: request.body, as: UTF8.self))
        guard form["grant_type"] == "urn:ietf:params:oauth:grant-type:jwt-bearer", let assertion = form["assertion"],
            let claims = verifiedClaims(assertion)
        else {
            return .status(400, "{\"error\":\"invalid_grant\"}")
        }
        let now = Int(Date().timeIntervalSince1970)
        guard claims["iss"] as? String == clientEmail, claims["scope"] as? String == "https://www.googleapis.com/auth/cloud-platform",
            (claims["aud"] as? String)?.hasSuffix("/token") == true, let iat = claims["iat"] as? Int, let exp = claims["exp"] as? Int,
            exp - iat == 3600, abs(iat - now) < 600
        else {
            return .status(400, "{\"error\":\"invalid_grant\",\"error_description\":\"bad claims\"}")
        }
        return .json(["access_token": Self.accessToken, "expires_in": 3599, "token_type": "Bearer"])
    }

    private func verifiedClaims(_ jwt: String) -> [String: Any]? {
        let parts = jwt.split(separator: ".").map(String.init)
        guard parts.count == 3, let header = Self.decodeJSON(parts[0]), header["alg"] as? String == "RS256",
            let signature = Self.base64URLDecode(parts[2])
        else { return nil }
        let valid = publicKey.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signature), for: Data("\(parts[0]).\(parts[1])".utf8), padding: .insecurePKCS1v1_5
        )
        return valid ? Self.decodeJSON(parts[1]) : nil
    }

    static func formFields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let items = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if items.count == 2 { fields[items[0]] = items[1] }
        }
        return fields
    }

    static func base64URLDecode(_ text: String) -> Data? { FakeAppStoreConnect.base64URLDecode(text) }

    static func decodeJSON(_ part: String) -> [String: Any]? {
        base64URLDecode(part).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
}
