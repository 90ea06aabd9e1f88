import Foundation
@testable import NightshiftAppStore
import NightshiftServices
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// `nightshift appstore status|release|phased`, against the in-process App Store Connect.
@Suite("App Store release: after submission")
struct AppStoreReleaseControlTests {
    static func approved() -> FakeAppStoreReleaseState {
        var state = FakeAppStoreReleaseState.standard()
        state.versions.append(
            .init(id: "ver-320", platform: "IOS", versionString: "3.2.0", state: "PENDING_DEVELOPER_RELEASE", buildID: "build-412"))
        state.phased = [.init(id: "phased-1", versionID: "ver-320")]
        state.submissions = [.init(id: "sub-tv", platform: "TV_OS", state: "WAITING_FOR_REVIEW")]
        return state
    }

    func control(_ fixture: AppStoreReleaseFixture, platform: String = "IOS") -> AppStoreReleaseControl {
        AppStoreReleaseControl(client: fixture.client, bundleID: "com.example.app", platform: platform)
    }

    @Test("status: each version of the platform with its build and phased release; each submission with its page")
    func status() async throws {
        let fixture = try AppStoreReleaseFixture(Self.approved())
        let lines = try await control(fixture).status()
        #expect(
            lines == [
                "com.example.app (IOS), app app-1", "  version 3.1.0: READY_FOR_DISTRIBUTION, build 411",
                "  version 3.2.0: PENDING_DEVELOPER_RELEASE, build 412, phased release INACTIVE",
            ])
        let tv = try await control(fixture, platform: "TV_OS").status()
        #expect(
            tv.last
                == "  review submission sub-tv: WAITING_FOR_REVIEW, https://appstoreconnect.apple.com/apps/app-1/appstore/reviewsubmissions/details/sub-tv"
        )
        #expect(fixture.api.writeRequests.isEmpty)
    }

    @Test("release: the version pending developer release is released; with none, the error says what there is")
    func release() async throws {
        let fixture = try AppStoreReleaseFixture(Self.approved())
        #expect(try await control(fixture).release() == "version 3.2.0 (IOS) released")
        #expect(fixture.api.current.versions.first { $0.id == "ver-320" }?.state == "READY_FOR_DISTRIBUTION")
        let error = await #expect(throws: AppStoreConnectError.self) { try await control(fixture).release() }
        #expect(error?.message.contains("no IOS version of com.example.app is waiting for release (PENDING_DEVELOPER_RELEASE)") == true)
    }

    @Test("phased pause, resume, complete act on the newest phased release not complete")
    func phased() async throws {
        let fixture = try AppStoreReleaseFixture(Self.approved())
        _ = try await control(fixture).release()
        #expect(try await control(fixture).phased(.pause) == "phased release of version 3.2.0 (IOS): PAUSED")
        #expect(try await control(fixture).phased(.resume) == "phased release of version 3.2.0 (IOS): ACTIVE")
        #expect(try await control(fixture).phased(.complete) == "phased release of version 3.2.0 (IOS): COMPLETE")
        await #expect(throws: AppStoreConnectError.self) { try await control(fixture).phased(.pause) }
        #expect(fixture.api.unexpected.isEmpty)
    }
}
