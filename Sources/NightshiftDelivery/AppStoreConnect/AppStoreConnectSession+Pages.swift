import Foundation
import NightshiftCore
import NightshiftSchema

extension AppStoreConnectSession {
    /// A JSON:API list page: its resources and the link to the next page, if any.
    struct Page<Resource: Decodable>: Decodable {
        struct Links: Decodable {
            var next: String?
        }

        var data: [Resource]
        var links: Links?
    }

    /// Every resource of a list, following `links.next` (Apple's pages hold at most 200) up to
    /// `mostPages`. A next link that leaves the API's scheme, host and port is refused: the
    /// request carries the token.
    func all<Resource: Decodable>(
        _ type: Resource.Type, _ path: String, query: [(String, String)], mostPages: Int = 500
    ) async throws -> [Resource] {
        var page = try await get(Page<Resource>.self, path, query: query)
        var resources = page.data
        var pages = 1
        while let next = page.links?.next, !next.isEmpty {
            guard pages < mostPages else {
                throw UploadError(.testflight, "GET \(path): more than \(mostPages) pages; stopped reading", reason: .uploadRejected)
            }
            guard let url = AppStoreConnectNextLink.follow(next, from: api) else {
                throw UploadError(
                    .testflight, "GET \(path): the next page's link leaves \(api.printable); not followed", reason: .uploadRejected)
            }
            let response = try await call("GET", url: url)
            do {
                page = try JSONDecoder().decode(Page<Resource>.self, from: response.body)
            } catch {
                throw UploadError(
                    .testflight, secrets.mask("unexpected answer to GET \(path) (page \(pages + 1)): \(response.bodyText.prefix(300))"))
            }
            resources += page.data
            pages += 1
        }
        return resources
    }

    /// The id of the app with exactly this bundle id: Apple's filter also matches longer ones
    /// (`com.example.app.widgets`).
    func appID(bundleID: String) async throws -> String {
        let apps = try await get(
            AppStoreConnectResources.Document<[AppStoreConnectResources.Named]>.self, "v1/apps",
            query: [("filter[bundleId]", bundleID), ("fields[apps]", "bundleId")]
        ).data
        guard let app = apps.first(where: { $0.attributes?.bundleId == bundleID }) else {
            throw UploadError(
                .testflight, "App Store Connect has no app with bundle id '\(bundleID)' that this API key can see",
                reason: .uploadRejected)
        }
        return app.id
    }
}
