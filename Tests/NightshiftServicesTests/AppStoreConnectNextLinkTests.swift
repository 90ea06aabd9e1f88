import Foundation
@testable import NightshiftServices
import Testing

/// Issue #38 §10: one rule for every page App Store Connect links to: same scheme, host and port
/// as the API, else not followed (the request would carry the bearer token).
@Suite("App Store Connect: the one next-link rule")
struct AppStoreConnectNextLinkTests {
    static let api = URL(string: "https://api.appstoreconnect.apple.com/")!

    @Test(
        "followed on the API's own origin only",
        arguments: [
            ("https://api.appstoreconnect.apple.com/v1/apps?cursor=2", true),
            ("https://API.AppStoreConnect.apple.com/v1/apps?cursor=2", true),
            ("https://api.appstoreconnect.apple.com:443/v1/apps?cursor=2", true),
            ("http://api.appstoreconnect.apple.com/v1/apps?cursor=2", false),
            ("http://api.appstoreconnect.apple.com:443/v1/apps?cursor=2", false),
            ("https://api.appstoreconnect.apple.com:8443/v1/apps?cursor=2", false),
            ("https://evil.example/v1/apps?cursor=2", false),
            ("https://api.appstoreconnect.apple.com.evil.example/v1/apps", false),
            ("//evil.example/v1/apps", false),
            ("/v1/apps?cursor=2", false),
            ("not a url", false),
        ])
    func rule(next: String, followed: Bool) {
        #expect((AppStoreConnectNextLink.follow(next, from: Self.api) != nil) == followed)
    }
}
