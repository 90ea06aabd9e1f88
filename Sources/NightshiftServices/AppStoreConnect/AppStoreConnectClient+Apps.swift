import NightshiftCore

extension AppStoreConnectClient {
    private struct App: Decodable {
        struct Attributes: Decodable {
            var bundleId: String?
        }

        var id: String
        var attributes: Attributes?
    }

    /// The id of the app with exactly this bundle id: Apple's filter also matches longer ones
    /// (`com.example.app.widgets`).
    public func appID(bundleID: String) async throws -> String {
        let apps = try await get([App].self, "v1/apps", query: [("filter[bundleId]", bundleID), ("fields[apps]", "bundleId")])
        guard let app = apps.first(where: { $0.attributes?.bundleId == bundleID }) else {
            throw AppStoreConnectError(
                .notFound, secrets.mask("App Store Connect has no app with bundle id '\(bundleID)' that this API key can see"))
        }
        return app.id
    }
}
