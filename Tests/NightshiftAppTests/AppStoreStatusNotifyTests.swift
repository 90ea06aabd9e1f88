import Foundation
import NightshiftApp
import NightshiftTestSupport
import NightshiftFakeTransport
import Testing

/// `nightshift appstore status LANE --notify`, as a scheduled lane runs it: the status is
/// remembered per lane in `.nightshift/appstore/`, and the lane's `notify:` hears only of changes.
@Suite("appstore status --notify tells the lane's notify: what moved since the last check")
struct AppStoreStatusNotifyTests {
    static let lanes = AppStoreCommandTests.lanes.replacingOccurrences(
        of: "  release: { configuration: production,",
        with: "  release: { configuration: production, notify: [ { to: webhook, url: \"https://hooks.example.test/ns\" } ],")

    @Test("the first check remembers; a check with no change sends nothing; a change is told once, then remembered")
    func notifiesOnChange() async throws {
        let setup = try AppStoreCommandTests.Setup(state: "WAITING_FOR_REVIEW", lanes: Self.lanes)
        #expect(await setup.run(.status, notify: true) == 0, "\(setup.app.shown)")
        #expect(setup.app.standardOutput.contains("first check of lane 'release': its App Store status is remembered, nothing is sent"))
        #expect(setup.app.read(".nightshift/appstore/release.json")?.contains("WAITING_FOR_REVIEW") == true)
        #expect(await setup.run(.status, notify: true) == 0)
        #expect(setup.app.standardOutput.hasSuffix("no change since the last check\n"))
        #expect(setup.network.posted.isEmpty)

        setup.fake.change { world in
            world.versions[world.versions.count - 1].state = "IN_REVIEW"
            world.submissions[0].state = "IN_REVIEW"
        }
        #expect(await setup.run(.status, notify: true) == 0, "\(setup.app.shown)")
        #expect(setup.app.standardOutput.contains("changed: version 3.2.0: WAITING_FOR_REVIEW → IN_REVIEW\n"))
        #expect(setup.app.standardOutput.contains("changed: review submission sub-1: WAITING_FOR_REVIEW → IN_REVIEW\n"))
        let posted = setup.network.posted
        #expect(posted.map(\.url) == ["https://hooks.example.test/ns"])
        let body = try #require(try JSONSerialization.jsonObject(with: posted.first?.body ?? Data()) as? [String: Any])
        #expect(body["event"] as? String == "app_store_status" && body["lane"] as? String == "release")
        #expect(body["app"] as? String == "com.example.app" && body["platform"] as? String == "IOS")
        let changes = body["changes"] as? [[String: Any]] ?? []
        #expect(changes.map { $0["subject"] as? String } == ["version 3.2.0", "review submission sub-1"])
        #expect(changes.map { $0["to"] as? String } == ["IN_REVIEW", "IN_REVIEW"])

        #expect(await setup.run(.status, notify: true) == 0)
        #expect(setup.app.standardOutput.hasSuffix("no change since the last check\n"))
        #expect(setup.network.posted.count == 1, "told once")
        #expect(setup.fake.writeRequests.isEmpty, "GET requests only")
    }

    @Test("--notify needs a lane that notifies, before any request")
    func usage() async throws {
        let setup = try AppStoreCommandTests.Setup(state: "WAITING_FOR_REVIEW")
        #expect(await setup.run(.status, lane: nil, notify: true) == 2)
        #expect(await setup.run(.status, notify: true) == 2)
        #expect(setup.app.standardError.contains("lane 'release' has no notify: (its own or the file's): --notify would tell no one"))
        #expect(setup.fake.requests.isEmpty)
    }
}
