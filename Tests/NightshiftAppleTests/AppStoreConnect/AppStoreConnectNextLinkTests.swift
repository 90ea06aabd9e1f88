import Foundation
@testable import NightshiftApple
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// Issue #38 §10: the provisioning API's pages followed a `links.next` of another scheme (same
/// host and port) with the bearer token, where the build numbers' refused it. One rule now serves
/// every client that pages: same scheme, host and port as the API, else an error.
@Suite("App Store Connect: the provisioning API keeps the next-link rule", .temporaryDirectory)
struct AppStoreConnectNextLinkTests {
    @Test("the provisioning API's list refuses a next page on https of its own http host and port, and asks for no second page")
    func provisioningRefusesOtherScheme() async throws {
        var script = FakeSigningPortal.Script()
        script.pageSize = 1
        script.nextLinkScheme = "https"
        let fixture = try await AppStoreConnectSigningTests.Fixture(script: script)
        defer { Task { await fixture.fake.stop() } }
        fixture.fake.addBundleID(AppStoreConnectSigningTests.app)
        fixture.fake.addBundleID(AppStoreConnectSigningTests.widget)
        fixture.fake.addCertificate(
            der: try await FakeSigningPortal.selfSignedCertificate(
                keyPEM: try await FakeSigningPortal.rsaKey(named: "other"), in: fixture.folder, name: "other"))
        try await fixture.addKeysCertificate()
        await #expect {
            _ = try await fixture.signing().plan([fixture.target()])
        } throws: { error in
            "\(error)".contains("the next page's link leaves \(fixture.fake.endpoint)")
        }
        #expect(fixture.fake.log.filter { $0.path == "/v1/certificates" }.count == 1, "\(fixture.fake.log)")
    }
}
