import Foundation
@testable import NightshiftCore
@testable import NightshiftApple
import NightshiftFakeTransport
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices

/// `signing plan` and `apply` against a fake App Store Connect that answers as Apple's API
/// documents: the plan reads only (the fake's log has no POST, PATCH or DELETE), `apply` makes
/// what is missing, recreates what no longer fits, deletes zombies, and never revokes.
@Suite("Signing from App Store Connect: plan and apply against a fake portal", .temporaryDirectory)
struct AppStoreConnectSigningTests {
    static let app = "com.example.app"
    static let widget = "com.example.app.widget"

    struct Fixture {
        let fake: FakeSigningPortal
        let clock = SkippingClock()
        let secrets = RunSecrets(secrets: [])
        let log = LineLog()
        let keyPEM: String
        let folder: String

        init(script: FakeSigningPortal.Script = .init()) async throws {
            fake = try await FakeSigningPortal(clock: clock, script: script, listening: false)
            keyPEM = try await FakeSigningPortal.rsaKey()
            folder = try TemporaryDirectory.make("signing")
        }

        func signing() throws -> AppStoreConnectSigning {
            try AppStoreConnectSigning(
                credentials: .init(keyID: FakeSigningPortal.keyID, issuerID: FakeSigningPortal.issuerID, privateKey: fake.pem),
                endpoint: URL(string: fake.endpoint)!, transport: InProcessHTTPServer(handler: fake.answer), clock: clock, secrets: secrets,
                jitter: FixedJitter(unit: 0), log: log.sink)
        }

        func target(method: String = "app-store", bundles: [String] = [app, widget]) -> SigningTarget {
            SigningTarget(
                configuration: "production", keyName: "distribution", keyPEM: keyPEM, profileName: "Example AppStore", exportMethod: method,
                appIdentifier: AppStoreConnectSigningTests.app, bundles: bundles.map { .init(identifier: $0, platform: "iphoneos") })
        }

        /// The key's certificate, already on the portal.
        @discardableResult
        func addKeysCertificate(type: String = "DISTRIBUTION") async throws -> String {
            fake.addCertificate(der: try await FakeSigningPortal.selfSignedCertificate(keyPEM: keyPEM, in: folder), type: type)
        }

        func apply(_ plan: SigningPlan) async throws -> [String] {
            let changes = LineLog()
            try await signing().apply(plan, record: changes.sink)
            return changes.lines
        }
    }

    @Test("plan finds the key's certificate by its public key and lists the missing profiles, with GET requests only")
    func planReadsOnly() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.fake.stop() } }
        fixture.fake.addBundleID(Self.app)
        fixture.fake.addBundleID(Self.widget)
        // Another team member's certificate first: it must not be taken for the key's.
        fixture.fake.addCertificate(
            der: try await FakeSigningPortal.selfSignedCertificate(
                keyPEM: try await FakeSigningPortal.rsaKey(named: "other"), in: fixture.folder, name: "other"))
        let id = try await fixture.addKeysCertificate()
        let plan = try await fixture.signing().plan([fixture.target()])
        #expect(plan.problems.isEmpty)
        guard case .found(let found, _, _) = plan.certificates.first?.state else { Issue.record("no certificate found"); return }
        #expect(found == id)
        #expect(
            plan.changes == [
                "create profile 'Example AppStore' (IOS_APP_STORE, com.example.app): missing",
                "create profile 'Example AppStore com.example.app.widget' (IOS_APP_STORE, com.example.app.widget): missing",
            ])
        #expect(fixture.fake.changes.isEmpty, "plan changed something: \(fixture.fake.changes)")
        #expect(fixture.fake.problems.isEmpty)
        #expect(plan.render().contains("2 changes pending"))
    }

    @Test("apply creates the profiles with the certificate, and a second plan has nothing to do")
    func applyThenNothing() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.fake.stop() } }
        fixture.fake.addBundleID(Self.app)
        fixture.fake.addBundleID(Self.widget)
        let certificate = try await fixture.addKeysCertificate()
        let changes = try await fixture.apply(try await fixture.signing().plan([fixture.target()]))
        #expect(changes.count == 2)
        #expect(changes.allSatisfy { $0.hasPrefix("created profile") })
        #expect(fixture.fake.profiles.map(\.name).sorted() == ["Example AppStore", "Example AppStore com.example.app.widget"])
        #expect(fixture.fake.profiles.allSatisfy { $0.certificates == [certificate] && $0.type == "IOS_APP_STORE" })
        let again = try await fixture.signing().plan([fixture.target()])
        #expect(again.changes.isEmpty)
        #expect(fixture.fake.changes.map(\.method) == ["POST", "POST"])
        #expect(!fixture.fake.log.contains { $0.path.hasPrefix("/v1/certificates/") && $0.method != "GET" }, "a certificate was touched")
    }

    @Test("a key without a certificate gets one from its CSR (openssl req -verify at the fake), then profiles with it")
    func createsCertificate() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.fake.stop() } }
        fixture.fake.addBundleID(Self.app)
        let plan = try await fixture.signing().plan([fixture.target(bundles: [Self.app])])
        #expect(plan.changes.first == "create certificate DISTRIBUTION from private key 'distribution'")
        let changes = try await fixture.apply(plan)
        #expect(fixture.fake.problems.isEmpty, "\(fixture.fake.problems)")
        let made = try #require(fixture.fake.certificates.first)
        #expect(try SigningKey(name: "distribution", pem: fixture.keyPEM).matches(certificateDER: Array(made.der)))
        #expect(changes.first?.hasPrefix("created certificate") == true)
        #expect(fixture.fake.profiles.first?.certificates == [made.id])
        // The key never leaves: it is in no request.
        let body = String(decoding: fixture.fake.log.flatMap(\.body), as: UTF8.self)
        #expect(!body.contains("PRIVATE KEY") && !body.contains(fixture.keyPEM.split(separator: "\n")[1]))
    }

    @Test("the certificate limit is Apple's 409 ENTITY_ERROR, with what to do")
    func certificateLimit() async throws {
        var script = FakeSigningPortal.Script()
        script.certificateLimit = 0
        let fixture = try await Fixture(script: script)
        defer { Task { await fixture.fake.stop() } }
        fixture.fake.addBundleID(Self.app)
        let plan = try await fixture.signing().plan([fixture.target(bundles: [Self.app])])
        await #expect {
            _ = try await fixture.apply(plan)
        } throws: { error in
            let error = error as? SigningPortalError
            return error?.code == "ENTITY_ERROR" && error?.status == 409 && error?.message.contains("You already have a current") == true
                && error?.message.contains("never revokes") == true
        }
        #expect(fixture.fake.profiles.isEmpty)
    }

    @Test("a key without the role: Apple's 403 FORBIDDEN_ERROR, naming the role it needs")
    func forbidden() async throws {
        var script = FakeSigningPortal.Script()
        script.forbidden = ["POST"]
        let fixture = try await Fixture(script: script)
        defer { Task { await fixture.fake.stop() } }
        fixture.fake.addBundleID(Self.app)
        try await fixture.addKeysCertificate()
        let plan = try await fixture.signing().plan([fixture.target(bundles: [Self.app])])
        await #expect {
            _ = try await fixture.apply(plan)
        } throws: { error in
            let error = error as? SigningPortalError
            return error?.code == "FORBIDDEN_ERROR" && error?.message.contains("Admin") == true
        }
    }

    @Test("a bundle id not registered: the plan says what to do, and apply changes nothing at all")
    func missingBundleID() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.fake.stop() } }
        fixture.fake.addBundleID(Self.app)
        try await fixture.addKeysCertificate()
        let plan = try await fixture.signing().plan([fixture.target()])
        #expect(plan.problems.count == 1)
        #expect(plan.problems.first?.contains("bundle id com.example.app.widget is not registered") == true)
        await #expect(throws: SigningPortalError.self) { _ = try await fixture.apply(plan) }
        #expect(fixture.fake.changes.isEmpty)
    }

    @Test("a zombie is deleted, a profile without a device or the certificate is made again, a current one kept")
    func recreates() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.fake.stop() } }
        let app = fixture.fake.addBundleID(Self.app)
        let widget = fixture.fake.addBundleID(Self.widget)
        let old = fixture.fake.addDevice(udid: "00008030-OLD")
        let new = fixture.fake.addDevice(udid: "00008030-NEW")
        fixture.fake.addDevice(udid: "00008030-OFF", status: "DISABLED")
        fixture.fake.addDevice(udid: "MAC-1", platform: "MAC_OS", deviceClass: "MAC")
        let certificate = try await fixture.addKeysCertificate()
        let expires = fixture.clock.now.addingTimeInterval(200 * 86_400)
        func profile(_ name: String, bundle: String, devices: [String], zombie: Bool = false) -> FakeSigningPortal.Profile {
            var profile = FakeSigningPortal.Profile(
                id: fixture.fake.newID("P"), name: name, type: "IOS_APP_ADHOC", bundleID: bundle, certificates: [certificate],
                devices: devices,
                expires: expires, uuid: UUID().uuidString)
            profile.zombie = zombie
            return profile
        }
        let zombie = fixture.fake.addProfile(profile("Example AdHoc", bundle: app, devices: [old], zombie: true))
        let stale = fixture.fake.addProfile(profile("Example AdHoc", bundle: app, devices: [old]))
        let current = fixture.fake.addProfile(profile("Example AdHoc com.example.app.widget", bundle: widget, devices: [new, old]))
        var target = fixture.target(method: "ad-hoc")
        target.profileName = "Example AdHoc"
        let plan = try await fixture.signing().plan([target])
        #expect(plan.zombies.map(\.id) == [zombie])
        #expect(
            plan.profiles.map(\.action) == [
                .recreate(id: stale, reason: "without 1 enabled device"),
                .keep(id: current, expires: plan.profiles.last.flatMap { if case .keep(_, let date) = $0.action { date } else { nil } }),
            ])
        _ = try await fixture.apply(plan)
        #expect(
            fixture.fake.changes.map(\.description) == [
                "DELETE /v1/profiles/\(zombie)", "DELETE /v1/profiles/\(stale)", "POST /v1/profiles",
            ])
        let made = try #require(fixture.fake.profiles.first { $0.name == "Example AdHoc" })
        #expect(Set(made.devices) == [old, new])
    }

    @Test("a profile deleted to be made again whose creation is refused: the error says it is missing now")
    func recreationRefused() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.fake.stop() } }
        let app = fixture.fake.addBundleID(Self.app)
        try await fixture.addKeysCertificate()
        fixture.fake.addProfile(
            FakeSigningPortal.Profile(
                id: fixture.fake.newID("P"), name: "Example AppStore", type: "IOS_APP_ADHOC", bundleID: app, certificates: [], devices: [],
                expires: fixture.clock.now.addingTimeInterval(100 * 86_400), uuid: "U"))
        let plan = try await fixture.signing().plan([fixture.target(bundles: [Self.app])])
        fixture.fake.setScript { $0.forbidden = ["POST /v1/profiles"] }
        await #expect {
            _ = try await fixture.apply(plan)
        } throws: { error in
            "\(error)".contains("FORBIDDEN_ERROR") && "\(error)".contains("was deleted to be made again and is missing now")
        }
    }

    @Test("an expired profile is made again; check --days renews one that expires soon")
    func renewal() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.fake.stop() } }
        let app = fixture.fake.addBundleID(Self.app)
        let certificate = try await fixture.addKeysCertificate()
        let soon = FakeSigningPortal.Profile(
            id: fixture.fake.newID("P"), name: "Example AppStore", type: "IOS_APP_STORE", bundleID: app, certificates: [certificate],
            devices: [], expires: fixture.clock.now.addingTimeInterval(10 * 86_400), uuid: "U1")
        fixture.fake.addProfile(soon)
        let target = fixture.target(bundles: [Self.app])
        #expect(try await fixture.signing().plan([target]).changes.isEmpty)
        let check = try await fixture.signing().plan([target], renewWithin: 30 * 86_400)
        #expect(check.changes.first?.contains("within 30 days") == true)
        var expired = soon
        expired.id = fixture.fake.newID("P")
        expired.name = "Example AppStore 2"
        expired.expires = fixture.clock.now.addingTimeInterval(-86_400)
        fixture.fake.addProfile(expired)
        var other = target
        other.profileName = "Example AppStore 2"
        #expect(try await fixture.signing().plan([other]).changes.first?.contains("expired on") == true)
    }

    @Test("one key for a distribution and a development configuration: a certificate of each kind, each profile with its own")
    func oneKeyTwoKinds() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.fake.stop() } }
        fixture.fake.addBundleID(Self.app)
        fixture.fake.addDevice(udid: "00008030-A")
        let distribution = try await fixture.addKeysCertificate()
        var development = fixture.target(method: "development", bundles: [Self.app])
        development.configuration = "debug"
        development.profileName = "Example Development"
        let plan = try await fixture.signing().plan([fixture.target(bundles: [Self.app]), development])
        #expect(plan.changes.first == "create certificate DEVELOPMENT from private key 'distribution'")
        _ = try await fixture.apply(plan)
        let made = try #require(fixture.fake.certificates.first { $0.type == "DEVELOPMENT" })
        let profiles = Dictionary(uniqueKeysWithValues: fixture.fake.profiles.map { ($0.name, $0.certificates) })
        #expect(profiles == ["Example AppStore": [distribution], "Example Development": [made.id]])
    }

    @Test("every page of a list is read: the key's certificate is on the last page")
    func pagination() async throws {
        var script = FakeSigningPortal.Script()
        script.pageSize = 1
        let fixture = try await Fixture(script: script)
        defer { Task { await fixture.fake.stop() } }
        fixture.fake.addBundleID(Self.app)
        for index in 0..<2 {
            fixture.fake.addCertificate(
                der: try await FakeSigningPortal.selfSignedCertificate(
                    keyPEM: try await FakeSigningPortal.rsaKey(named: "o\(index)"), in: fixture.folder, name: "o\(index)"))
        }
        let id = try await fixture.addKeysCertificate()
        let plan = try await fixture.signing().plan([fixture.target(bundles: [Self.app])])
        #expect(
            plan.certificates.first?.state
                == .found(
                    id: id, name: "Apple Distribution: Example (ABCDE12345)",
                    expires: plan.certificates.first.flatMap { if case .found(_, _, let date) = $0.state { date } else { nil } }))
        #expect(fixture.fake.log.filter { $0.path == "/v1/certificates" }.count == 3)
    }

    @Test("Developer ID: the API cannot create its certificate, and the plan says the Account Holder must")
    func developerID() async throws {
        let fixture = try await Fixture()
        defer { Task { await fixture.fake.stop() } }
        fixture.fake.addBundleID("com.example.mac", platform: "MAC_OS")
        var target = fixture.target(method: "developer-id", bundles: [])
        target.appIdentifier = "com.example.mac"
        target.bundles = [.init(identifier: "com.example.mac", platform: "macosx")]
        let plan = try await fixture.signing().plan([target])
        #expect(plan.problems.first?.contains("Account Holder") == true)
        #expect(fixture.fake.changes.isEmpty)
    }
}
