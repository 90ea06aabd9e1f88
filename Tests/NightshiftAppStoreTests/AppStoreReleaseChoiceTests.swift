import Foundation
@testable import NightshiftAppStore
import NightshiftServices
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// Which build, version and platform the `release:` step takes, and what it leaves out on an
/// app's first version.
@Suite("App Store release: choices")
struct AppStoreReleaseChoiceTests {
    @Test("an app's first version: What's New and phased release are not sent, and the step says so")
    func firstVersion() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.versions.removeAll { $0.platform == "IOS" }
        state.localizations.removeAll { $0.versionID == "ver-310" }
        let fixture = try AppStoreReleaseFixture(state)
        _ = try await fixture.run(AppStoreReleaseFixture.request())
        let text = fixture.lines.text
        #expect(text.contains("What's New is not sent on an app's first version"))
        #expect(text.contains("phased release is not offered on an app's first version"))
        #expect(fixture.api.current.phased.isEmpty)
        #expect(!fixture.api.writeRequests.contains { $0.contains("appStoreVersionLocalizations") })
        #expect(fixture.api.current.submissions.map(\.state) == ["WAITING_FOR_REVIEW"])
    }

    @Test("submit: false prepares and stops; the next run submits the same submission")
    func submitFalse() async throws {
        let fixture = try AppStoreReleaseFixture()
        let prepared = try await fixture.run(AppStoreReleaseFixture.request { $0.submit = false })
        #expect(prepared?.submitted == false)
        #expect(fixture.api.current.submissions.map(\.state) == ["READY_FOR_REVIEW"])
        #expect(fixture.api.current.items.count == 1)
        let submitted = try await fixture.run(AppStoreReleaseFixture.request())
        #expect(submitted?.submissionID == prepared?.submissionID)
        #expect(fixture.api.current.submissions.map(\.state) == ["WAITING_FOR_REVIEW"])
        #expect(fixture.api.current.items.count == 1)
    }

    @Test("build: latest takes the highest VALID, unexpired number of the platform, 10 above 9")
    func latest() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.builds += [
            .init(id: "build-9", number: "9", version: "3.2.0"), .init(id: "build-10", number: "10", version: "3.2.0", encryption: false),
            .init(id: "build-500", number: "500", version: "3.2.0", expired: true),
            .init(id: "build-501", number: "501", version: "3.2.0", processingState: "INVALID"),
            .init(id: "build-tv-900", number: "900", version: "3.2.0", platform: "TV_OS"),
        ]
        let fixture = try AppStoreReleaseFixture(state)
        let plan = try await fixture.plan(AppStoreReleaseFixture.request { $0.build = .latest })
        #expect(plan.buildID == "build-412")
        #expect(plan.versionString == "3.2.0")
    }

    @Test("a build still processing is waited for on the lane's clock")
    func processing() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.builds[1].processingState = "PROCESSING"
        state.builds[1].processingReads = 2
        let fixture = try AppStoreReleaseFixture(state)
        let plan = try await fixture.plan(AppStoreReleaseFixture.request())
        #expect(plan.problems.isEmpty)
        #expect(fixture.clock.sleepCount == 3)
    }

    @Test("an invalid or expired build is a problem")
    func invalidBuild() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.builds[1].processingState = "INVALID"
        state.builds[1].expired = true
        let fixture = try AppStoreReleaseFixture(state)
        let plan = try await fixture.plan(AppStoreReleaseFixture.request())
        #expect(plan.problems.contains("build 412 is INVALID on App Store Connect, not VALID: upload a new build"))
        #expect(plan.problems.contains("build 412 has expired: upload a new build"))
    }

    @Test("tvOS reuses the tvOS draft; the iOS versions are left alone")
    func tvOS() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.versions.append(
            .init(id: "ver-tv-300", platform: "TV_OS", versionString: "3.0.0", state: "READY_FOR_DISTRIBUTION", buildID: nil))
        let fixture = try AppStoreReleaseFixture(state)
        let outcome = try await fixture.run(
            AppStoreReleaseFixture.request {
                $0.platform = "TV_OS"
                $0.whatsNew = .everyLocale("Faster sync.")
            })
        #expect(outcome?.versionID == "ver-tv-draft")
        let after = fixture.api.current
        #expect(after.versions.first { $0.id == "ver-tv-draft" }?.buildID == "build-tv-412")
        #expect(after.versions.filter { $0.platform == "IOS" }.map(\.id) == ["ver-310"])
        #expect(after.submissions.map(\.platform) == ["TV_OS"])
    }

    @Test("an editable version of another number is renamed, not duplicated; only appStoreState is read when that is all there is")
    func renamesEditable() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.versions.append(
            .init(
                id: "ver-draft", platform: "IOS", versionString: "3.1.1", state: "PREPARE_FOR_SUBMISSION", buildID: nil,
                deprecatedStateOnly: true))
        state.localizations += [
            .init(id: "loc-d-en", versionID: "ver-draft", locale: "en-US", whatsNew: nil),
            .init(id: "loc-d-de", versionID: "ver-draft", locale: "de-DE", whatsNew: nil),
        ]
        let fixture = try AppStoreReleaseFixture(state)
        let outcome = try await fixture.run(
            AppStoreReleaseFixture.request { $0.releaseType = .scheduled(earliest: "2026-12-01T10:00:00Z") })
        #expect(outcome?.versionID == "ver-draft")
        let version = try #require(fixture.api.current.versions.first { $0.id == "ver-draft" })
        #expect(version.versionString == "3.2.0")
        #expect(version.releaseType == "SCHEDULED" && version.earliest == "2026-12-01T10:00:00Z")
        #expect(fixture.api.current.versions.count == 3)
    }

    @Test("the app is the one of exactly this bundle id, not a longer one the filter also returns")
    func exactBundleID() async throws {
        let fixture = try AppStoreReleaseFixture()
        let plan = try await fixture.plan(AppStoreReleaseFixture.request())
        #expect(plan.appID == "app-1")
        let missing = await #expect(throws: AppStoreReleaseError.self) {
            try await fixture.plan(AppStoreReleaseFixture.request { $0.bundleID = "com.example" })
        }
        #expect(missing?.message.contains("no app with bundle id 'com.example'") == true)
    }
}
