import FlyingFox
import Foundation

/// Export compliance on the uploaded build: `GET /v1/appEncryptionDeclarations?filter[app]=…`
/// (the script's `declarations`, id → state), `PATCH /v1/builds/{id}/relationships/appEncryptionDeclaration`
/// (204, only with a declaration that exists) and `PATCH /v1/builds/{id}` with
/// `usesNonExemptEncryption`, refused for `true` before a declaration is linked, as Apple does.
extension FakeAppStoreConnect {
    /// These routes; nil for any other request.
    func compliance(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse? {
        let build = "/v1/builds/\(Self.buildID)"
        let data = ((try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any])?["data"] as? [String: Any]
        switch (request.method, request.path) {
        case ("GET", "/v1/appEncryptionDeclarations"):
            guard request.query["filter[app]"] == Self.appID else { return problem("appEncryptionDeclarations without filter[app]") }
            return .json([
                "data": script.declarations.sorted { $0.key < $1.key }.map { id, state in
                    [
                        "type": "appEncryptionDeclarations", "id": id,
                        "attributes": ["platform": "ios", "appEncryptionDeclarationState": state],
                    ]
                }
            ])
        case ("PATCH", build + "/relationships/appEncryptionDeclaration"):
            guard data?["type"] as? String == "appEncryptionDeclarations", let id = data?["id"] as? String, script.declarations[id] != nil
            else { return problem("bad declaration linkage: \(String(decoding: request.body, as: UTF8.self))") }
            linkDeclaration(id)
            return .status(204)
        case ("PATCH", build):
            guard data?["id"] as? String == Self.buildID,
                let answer = (data?["attributes"] as? [String: Any])?["usesNonExemptEncryption"] as? Bool
            else { return problem("bad build update: \(String(decoding: request.body, as: UTF8.self))") }
            if answer, linkedDeclaration == nil {
                return .status(409, #"{"errors":[{"status":"409","code":"ENTITY_ERROR","detail":"Invalid Export Compliance Code"}]}"#)
            }
            return .json(["data": ["type": "builds", "id": Self.buildID, "attributes": ["usesNonExemptEncryption": answer]]])
        default:
            return nil
        }
    }
}
