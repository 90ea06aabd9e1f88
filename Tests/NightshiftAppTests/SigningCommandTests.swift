import Foundation
import NightshiftApp
import NightshiftFakeTransport
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `nightshift signing plan|apply|check [LANE]` in process: the project's bundle ids from a
/// scripted `xcodebuild -showBuildSettings -json`, App Store Connect a fake reached through
/// `APP_STORE_CONNECT_ENDPOINT`.
@Suite("signing plan, apply and check, in process against a fake App Store Connect", .temporaryDirectory)
struct SigningCommandTests {
    static let lanes = """
        project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
        codesigning:
          from: appstoreconnect
          private_keys: { distribution: "${DIST_SIGNING_KEY}" }
        configurations:
          production: { certificate: distribution, provisioning_profile: Brewer AppStore, build_configuration: Release,
                        app_identifier: com.example.brewer, export_method: app-store }
        lanes:
          release: { configuration: production, steps: [ { signing: sync }, package ] }
          lint: { steps: [ { sh: swiftlint } ] }
        """

    /// What `xcodebuild -showBuildSettings -json` prints: one entry per target the scheme builds.
    static let buildSettings = """
        [
          {"action": "build", "target": "Brewer", "buildSettings": {"PRODUCT_BUNDLE_IDENTIFIER": "com.example.brewer",
            "PRODUCT_TYPE": "com.apple.product-type.application", "PLATFORM_NAME": "iphoneos", "WRAPPER_EXTENSION": "app"}},
          {"action": "build", "target": "BrewerWidget", "buildSettings": {"PRODUCT_BUNDLE_IDENTIFIER": "com.example.brewer.widget",
            "PRODUCT_TYPE": "com.apple.product-type.app-extension", "PLATFORM_NAME": "iphoneos", "WRAPPER_EXTENSION": "appex"}},
          {"action": "build", "target": "BrewerKit", "buildSettings": {"PRODUCT_BUNDLE_IDENTIFIER": "com.example.BrewerKit",
            "PRODUCT_TYPE": "com.apple.product-type.framework", "PLATFORM_NAME": "iphoneos", "WRAPPER_EXTENSION": "framework"}}
        ]
        """

    struct Setup {
        let app: AppHarness
        let fake: FakeSigningPortal
        /// The fake, answered in process through the command's transport.
        let transport: InProcessHTTPServer
        let key: String
        let variables: [String: String]

        init() async throws {
            app = try AppHarness(lanes: SigningCommandTests.lanes)
            fake = try await FakeSigningPortal(clock: app.clock, listening: false)
            transport = InProcessHTTPServer(handler: fake.answer)
            key = try await FakeSigningPortal.rsaKey()
            variables = [
                "APP_STORE_CONNECT_ENDPOINT": fake.endpoint, "APP_STORE_CONNECT_API_KEY_KEY_ID": FakeSigningPortal.keyID,
                "APP_STORE_CONNECT_API_KEY_ISSUER_ID": FakeSigningPortal.issuerID, "APP_STORE_CONNECT_API_KEY_KEY": fake.pem,
                "DIST_SIGNING_KEY": key,
            ]
            await app.shell.on(
                [
                    "xcodebuild", "-showBuildSettings", "-json", "-workspace", "Brewer.xcworkspace", "-scheme", "Brewer", "-configuration",
                    "Release",
                ],
                .output([(.standardOutput, SigningCommandTests.buildSettings)], .exited(0)))
            fake.addBundleID("com.example.brewer")
            fake.addBundleID("com.example.brewer.widget")
            fake.addCertificate(der: try await FakeSigningPortal.selfSignedCertificate(keyPEM: key, in: app.directory))
        }

        func run(_ action: SyncSigning.Action, lane: String? = nil) async -> Int32 {
            await SyncSigning(global: LanesFileOptions(), lane: lane, action: action).execute(
                in: app.environment(variables, transport: transport))
        }
    }

    @Test("plan: exit 0 with the changes pending, the framework left out, no request that changes anything, no key shown")
    func plan() async throws {
        let setup = try await Setup()
        defer { Task { await setup.fake.stop() } }
        #expect(await setup.run(.plan) == 0, "\(setup.app.shown)")
        let output = setup.app.standardOutput
        #expect(output.contains("create profile 'Brewer AppStore' (IOS_APP_STORE, com.example.brewer): missing"))
        #expect(output.contains("create profile 'Brewer AppStore com.example.brewer.widget'"))
        #expect(!output.contains("BrewerKit"))
        #expect(output.contains("2 changes pending"))
        #expect(setup.fake.changes.isEmpty)
        let secretLine = setup.key.split(separator: "\n")[1]
        #expect(!setup.app.shown.contains(secretLine))
    }

    @Test("apply prints each change; then plan has none; a lane that signs nothing is a usage error")
    func applyAndLanes() async throws {
        let setup = try await Setup()
        defer { Task { await setup.fake.stop() } }
        #expect(await setup.run(.apply, lane: "release") == 0, "\(setup.app.shown)")
        #expect(setup.app.standardOutput.components(separatedBy: "created profile").count == 3)
        #expect(setup.fake.profiles.count == 2)
        #expect(await setup.run(.check(days: 30)) == 0)
        #expect(setup.app.standardOutput.contains("no changes"))
        #expect(await setup.run(.plan, lane: "lint") == 2)
        #expect(setup.app.standardError.contains("lane 'lint' signs nothing"))
    }

    @Test("a missing API key is named before any request; a lanes file without from: is a usage error")
    func usage() async throws {
        let setup = try await Setup()
        defer { Task { await setup.fake.stop() } }
        var variables = setup.variables
        variables["APP_STORE_CONNECT_API_KEY_KEY_ID"] = nil
        let status = await SyncSigning(global: LanesFileOptions(), lane: nil, action: .plan).execute(
            in: setup.app.environment(variables, transport: setup.transport))
        #expect(status == 1)
        #expect(setup.app.standardError.contains("APP_STORE_CONNECT_API_KEY_KEY_ID is not set"))
        #expect(setup.fake.log.isEmpty)
        #expect(await setup.app.shell.commands.isEmpty, "xcodebuild ran before the key was checked")
        let plain = try AppHarness(lanes: "codesigning: { path: signing }\nlanes: { a: { steps: [ { sh: 'true' } ] } }\n")
        #expect(await SyncSigning(global: LanesFileOptions(), lane: nil, action: .plan).execute(in: plain.environment()) == 2)
    }
}
