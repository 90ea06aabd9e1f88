import Foundation
@testable import NightshiftAppStore
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// What Apple checks beside the version, and waits on: export compliance with encryption (a
/// declaration linked, or what to do), and a version Apple is still processing when submitted.
@Suite("App Store release: export compliance and readiness")
struct AppStoreReleaseComplianceTests {
    @Test("encryption: true links the app's approved declaration of the platform, then answers the build")
    func encryptionWithDeclaration() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.declarations = [
            .init(id: "decl-rejected", state: "REJECTED"), .init(id: "decl-tv", platform: "TV_OS"), .init(id: "decl-ios", platform: "ios"),
        ]
        let fixture = try AppStoreReleaseFixture(state)
        let outcome = try await fixture.run(AppStoreReleaseFixture.request { $0.encryption = true })
        #expect(outcome?.submitted == true)
        let build = try #require(fixture.api.current.builds.first { $0.id == "build-412" })
        #expect(build.encryption == true && build.declarationID == "decl-ios")
        let writes = fixture.api.writeRequests
        let link = try #require(writes.firstIndex(of: "PATCH v1/builds/build-412/relationships/appEncryptionDeclaration"))
        #expect(writes.firstIndex(of: "PATCH v1/builds/build-412") ?? -1 > link, "the declaration is linked before the answer")
        #expect(fixture.lines.text.contains("export compliance declaration decl-ios linked to build build-412"))
        #expect(fixture.api.unexpected.isEmpty)
    }

    @Test("encryption: true without an approved declaration: a problem saying where to add one, nothing changed")
    func encryptionWithoutDeclaration() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.declarations = [.init(id: "decl-review", state: "IN_REVIEW")]
        let fixture = try AppStoreReleaseFixture(state)
        let error = await #expect(throws: AppStoreReleaseError.self) {
            try await fixture.run(AppStoreReleaseFixture.request { $0.encryption = true })
        }
        #expect(error?.message.contains("1 problem") == true)
        #expect(
            error?.message.contains(
                "Missing Compliance: encryption: true needs an approved export compliance declaration for IOS, and the app has none: "
                    + "add one in App Store Connect (App Information → App Encryption Documentation)") == true)
        #expect(fixture.api.writeRequests.isEmpty)
    }

    @Test("'Version is not ready to be submitted yet' twice: the version's state is read and logged, asked again on the clock")
    func waitsUntilReady() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.notReadySubmits = 2
        let fixture = try AppStoreReleaseFixture(state)
        let start = fixture.clock.now
        let outcome = try await fixture.run(AppStoreReleaseFixture.request())
        #expect(outcome?.submitted == true)
        #expect(fixture.api.current.submissions.map(\.state) == ["WAITING_FOR_REVIEW"])
        #expect(fixture.api.writeRequests.filter { $0.hasPrefix("PATCH v1/reviewSubmissions/") }.count == 3)
        #expect(fixture.clock.sleepCount == 2)
        #expect(fixture.clock.now.timeIntervalSince(start) == 30)
        #expect(
            fixture.lines.lines.filter {
                $0.hasPrefix("App Store Connect: version 3.2.0 is not ready to be submitted yet (it is PREPARE_FOR_SUBMISSION); ")
                    && $0.hasSuffix("asking again in 15s")
            }.count == 2)
    }

    @Test("never ready: gives up after the bound, saying what it waited for; the next run continues")
    func givesUp() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.notReadySubmits = 1_000
        let fixture = try AppStoreReleaseFixture(state)
        let error = await #expect(throws: AppStoreReleaseError.self) { try await fixture.run(AppStoreReleaseFixture.request()) }
        #expect(error?.message.contains("version 3.2.0 is still not ready to be submitted after 5m") == true)
        #expect(fixture.clock.sleepCount == 20)
        fixture.api.change { $0.notReadySubmits = 0 }
        #expect(try await fixture.run(AppStoreReleaseFixture.request())?.submitted == true)
        #expect(fixture.api.current.versions.filter { $0.platform == "IOS" }.count == 2)
        #expect(fixture.api.current.submissions.count == 1)
    }
}
