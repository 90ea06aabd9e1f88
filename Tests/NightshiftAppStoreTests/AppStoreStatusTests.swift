import NightshiftAppStore
import Testing

/// What `appstore status --notify` counts as a change: states, not builds.
@Suite("App Store status changes")
struct AppStoreStatusTests {
    static func status(_ versions: [AppStoreStatus.Version], _ submissions: [AppStoreStatus.Submission]) -> AppStoreStatus {
        AppStoreStatus(bundleID: "com.example.app", platform: "IOS", appID: "app-1", versions: versions, submissions: submissions)
    }

    @Test("a version's state, its phased release's and a submission's, appearing and gone; a build alone is no change")
    func changes() {
        let before = Self.status(
            [
                .init(name: "3.1.0", state: "READY_FOR_DISTRIBUTION", build: "411", phasedRelease: "ACTIVE"),
                .init(name: "3.2.0", state: "WAITING_FOR_REVIEW", build: "412", phasedRelease: nil),
            ],
            [.init(id: "sub-1", state: "WAITING_FOR_REVIEW")])
        let after = Self.status(
            [
                .init(name: "3.1.0", state: "READY_FOR_DISTRIBUTION", build: "411", phasedRelease: "COMPLETE"),
                .init(name: "3.2.0", state: "PENDING_DEVELOPER_RELEASE", build: "413", phasedRelease: "INACTIVE"),
            ],
            [])
        #expect(
            after.changes(since: before).map(\.description) == [
                "version 3.2.0: WAITING_FOR_REVIEW → PENDING_DEVELOPER_RELEASE", "phased release of 3.1.0: ACTIVE → COMPLETE",
                "phased release of 3.2.0: none → INACTIVE", "review submission sub-1: WAITING_FOR_REVIEW → no longer in progress",
            ])
        var rebuilt = before
        rebuilt.versions[1].build = "413"
        #expect(rebuilt.changes(since: before).isEmpty)
    }
}
