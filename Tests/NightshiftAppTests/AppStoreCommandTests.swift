import Crypto
import Foundation
import NightshiftApp
import NightshiftServices
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// `nightshift appstore status|release|phased LANE` in process: the lane's configuration says
/// which app, its project's destination which platform; App Store Connect is the release tests'
/// fake, reached through the command environment's network at `APP_STORE_CONNECT_ENDPOINT`.
@Suite("appstore status, release and phased, in process against a fake App Store Connect")
struct AppStoreCommandTests {
    static let lanes = """
        project: { name: Brewer, destination: "generic/platform=iOS" }
        configurations:
          production: { certificate: distribution, provisioning_profile: Brewer AppStore, build_configuration: Release,
                        app_identifier: com.example.app,
                        export_method: app-store }
        lanes:
          release: { configuration: production, steps: [ { release: { build: "412", whats_new: "Faster sync." } } ] }
        """

    static let base = URL(string: "https://api.example.test/asc")!

    /// The fake as the command's network; what goes to any other host (a notification) is kept.
    final class Network: HTTPTransport, @unchecked Sendable {
        let fake: FakeAppStoreRelease
        private let lock = NSLock()
        private var sent: [(url: String, body: Data)] = []

        init(fake: FakeAppStoreRelease) { self.fake = fake }

        /// Each request to another host than App Store Connect's.
        var posted: [(url: String, body: Data)] { lock.withLock { sent } }

        func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws
            -> HTTPTransportResponse
        {
            var body: Data?
            if case .data(let data) = request.body { body = data }
            guard request.url.host == AppStoreCommandTests.base.host else {
                lock.withLock { sent.append((request.url.absoluteString, body ?? Data())) }
                return HTTPTransportResponse(status: 200, body: Data("ok".utf8))
            }
            let answer = fake.respond(request.method, url: request.url, body: body)
            return HTTPTransportResponse(status: answer.status, headers: ["Content-Type": "application/json"], body: answer.body)
        }
    }

    struct Setup {
        let app: AppHarness
        let fake: FakeAppStoreRelease
        let network: Network
        let variables: [String: String]

        /// Version 3.2.0 on iOS `state`, with build 412, a phased release and its review submission.
        init(state: String, submission: String = "WAITING_FOR_REVIEW", lanes: String = AppStoreCommandTests.lanes) throws {
            app = try AppHarness(lanes: lanes)
            var world = FakeAppStoreReleaseState.standard()
            world.versions.append(.init(id: "ver-320", platform: "IOS", versionString: "3.2.0", state: state, buildID: "build-412"))
            world.phased = [.init(id: "phased-1", versionID: "ver-320")]
            world.submissions = [
                .init(id: "sub-1", platform: "IOS", state: submission), .init(id: "sub-tv", platform: "TV_OS", state: "WAITING_FOR_REVIEW"),
            ]
            world.items = [.init(id: "item-1", submissionID: "sub-1", type: "appStoreVersions", relatedID: "ver-320")]
            fake = FakeAppStoreRelease(world, base: AppStoreCommandTests.base)
            network = Network(fake: fake)
            variables = [
                "APP_STORE_CONNECT_ENDPOINT": AppStoreCommandTests.base.absoluteString, "APP_STORE_CONNECT_API_KEY_KEY_ID": "KEY1",
                "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "issuer",
                "APP_STORE_CONNECT_API_KEY_KEY": P256.Signing.PrivateKey().pemRepresentation,
            ]
        }

        func run(_ action: ManageAppStore.Action, lane: String? = "release", notify: Bool = false) async -> Int32 {
            await ManageAppStore(global: LanesFileOptions(), lane: lane, action: action, notify: notify)
                .execute(in: app.environment(variables, transport: network))
        }
    }

    @Test("status: the lane's app on its platform, each version's state, build and phased release, each submission and its page; GETs only")
    func status() async throws {
        let setup = try Setup(state: "WAITING_FOR_REVIEW")
        #expect(await setup.run(.status) == 0, "\(setup.app.shown)")
        #expect(
            setup.app.standardOutput == """
                com.example.app (IOS), app app-1
                  version 3.1.0: READY_FOR_DISTRIBUTION, build 411
                  version 3.2.0: WAITING_FOR_REVIEW, build 412, phased release INACTIVE
                  review submission sub-1: WAITING_FOR_REVIEW, https://appstoreconnect.apple.com/apps/app-1/appstore/reviewsubmissions/details/sub-1

                """)
        let requests = setup.fake.requests
        #expect(requests.contains("GET v1/apps?fields[apps]=bundleId&filter[bundleId]=com.example.app"))
        #expect(requests.contains("GET v1/apps/app-1/appStoreVersions?filter[platform]=IOS&limit=200"))
        #expect(requests.contains { $0.hasPrefix("GET v1/reviewSubmissions?filter[app]=app-1&filter[platform]=IOS") })
        #expect(setup.fake.writeRequests.isEmpty)
        #expect(setup.fake.unexpected.isEmpty)
        #expect(!setup.app.shown.contains("PRIVATE KEY"))
    }

    @Test("release: a version App Review approved for a manual release is released with one release request")
    func release() async throws {
        let setup = try Setup(state: "PENDING_DEVELOPER_RELEASE", submission: "COMPLETE")
        #expect(await setup.run(.release) == 0, "\(setup.app.shown)")
        #expect(setup.app.standardOutput == "version 3.2.0 (IOS) released\n")
        #expect(setup.fake.writeRequests == ["POST v1/appStoreVersionReleaseRequests"])
        #expect(setup.fake.current.versions.first { $0.id == "ver-320" }?.state == "READY_FOR_DISTRIBUTION")
    }

    @Test("release of a version not approved: exit 1, what each version is, nothing sent")
    func releaseRefused() async throws {
        let setup = try Setup(state: "WAITING_FOR_REVIEW")
        #expect(await setup.run(.release) == 1)
        #expect(
            setup.app.standardError.contains(
                "no IOS version of com.example.app is waiting for release (PENDING_DEVELOPER_RELEASE); 3.1.0 is READY_FOR_DISTRIBUTION, 3.2.0 is WAITING_FOR_REVIEW"
            ))
        #expect(setup.fake.writeRequests.isEmpty)
    }

    @Test("phased pause, resume, complete: one PATCH of the phased release each, its new state printed")
    func phased() async throws {
        let setup = try Setup(state: "READY_FOR_DISTRIBUTION", submission: "COMPLETE")
        setup.fake.change { $0.phased[0].state = "ACTIVE" }
        for (action, state) in [("pause", "PAUSED"), ("resume", "ACTIVE"), ("complete", "COMPLETE")] {
            let phased = try #require(ManageAppStore.Action.phased(named: action))
            #expect(await setup.run(phased) == 0, "\(setup.app.shown)")
            #expect(setup.app.standardOutput.hasSuffix("phased release of version 3.2.0 (IOS): \(state)\n"))
            #expect(setup.fake.current.phased.first?.state == state)
        }
        #expect(setup.fake.writeRequests == Array(repeating: "PATCH v1/appStoreVersionPhasedReleases/phased-1", count: 3))
        #expect(
            await setup.run(try #require(ManageAppStore.Action.phased(named: "pause"))) == 1, "a complete phased release cannot be paused")
        #expect(setup.app.standardError.contains("has a phased release in progress"))
    }
}
