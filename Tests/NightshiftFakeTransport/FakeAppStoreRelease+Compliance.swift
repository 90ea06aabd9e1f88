import Foundation

/// What Apple checks beside the version: the export compliance declarations of the app and the
/// one linked to a build, the age rating questionnaire of the app's info, and the version read
/// on its own (its state, polled while Apple is not ready for the submission).
extension FakeAppStoreRelease {
    /// Reads of these; nil for any other path. Under the lock.
    func readCompliance(_ kind: String, _ id: String, _ related: String?, _ query: [String: String], _ parts: [String]) -> Answer? {
        switch (kind, related) {
        case ("apps", "appInfos"):
            guard state.apps.contains(where: { $0.id == id }) else { return Self.notFound }
            return page(
                [
                    [
                        "type": "appInfos", "id": "info-\(id)",
                        "attributes": ["state": "PREPARE_FOR_SUBMISSION", "appStoreAgeRating": NSNull()],
                    ]
                ],
                query, parts)
        case ("appInfos", "ageRatingDeclaration"):
            guard let app = state.apps.first(where: { "info-\($0.id)" == id }) else { return Self.notFound }
            let attributes = app.ageRating.mapValues { $0.map { $0 as Any } ?? NSNull() }
            return Self.document(["type": "ageRatingDeclarations", "id": "age-\(app.id)", "attributes": attributes])
        case ("builds", "appEncryptionDeclaration"):
            guard let build = state.builds.first(where: { $0.id == id }) else { return Self.notFound }
            let declaration = build.declarationID.flatMap { linked in state.declarations.first { $0.id == linked } }
            return Self.document(declaration.map(Self.json))
        case ("appStoreVersions", nil):
            guard let version = state.versions.first(where: { $0.id == id }) else { return Self.notFound }
            return Self.document(Self.json(version))
        default:
            return nil
        }
    }

    /// `GET /v1/appEncryptionDeclarations`: `filter[app]` is required, `filter[platform]` kept.
    func declarations(_ query: [String: String], _ parts: [String]) -> Answer {
        guard let app = query["filter[app]"], state.apps.contains(where: { $0.id == app }) else { return Self.stray }
        let platform = query["filter[platform]"]
        return page(state.declarations.filter { platform == nil || $0.platform == platform }.map(Self.json), query, parts)
    }

    /// `PATCH /v1/builds/{id}/relationships/appEncryptionDeclaration`: 204, the build linked.
    func linkDeclaration(build: String, _ body: [String: Any]) -> Answer {
        let data = body["data"] as? [String: Any]
        guard let index = state.builds.firstIndex(where: { $0.id == build }), data?["type"] as? String == "appEncryptionDeclarations",
            let id = data?["id"] as? String, state.declarations.contains(where: { $0.id == id })
        else { return Self.error(409, "ENTITY_ERROR.RELATIONSHIP.INVALID", "The declaration or the build does not exist") }
        state.builds[index].declarationID = id
        return Answer(status: 204)
    }

    static func json(_ declaration: FakeAppStoreReleaseState.Declaration) -> [String: Any] {
        [
            "type": "appEncryptionDeclarations", "id": declaration.id,
            "attributes": [
                "platform": declaration.platform, "appEncryptionDeclarationState": declaration.state, "usesEncryption": true,
                "exempt": false,
            ],
        ]
    }
}
