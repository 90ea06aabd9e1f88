import Crypto
import Foundation
import NightshiftApp
import NightshiftServices
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// `nightshift doctor` in process: the Xcode and runtimes asked of the code `run` asks, and the
/// App Store Connect key checked with one GET only under `--online`.
@Suite("nightshift doctor: Xcode, simulator runtimes and --online")
struct DoctorTests {
    static let lanes = """
        project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
        lanes:
          test:
            xcode: "26.2"
            steps:
              - test: { scheme: Brewer, destination: { device: iPhone 17, os: "26.1" } }
          lint: { steps: [ { sh: swiftlint } ] }
        """
    static let runtimes =
        #"{ "runtimes" : [ { "platform" : "iOS", "identifier" : "com.apple.CoreSimulator.SimRuntime.iOS-26-2", "version" : "26.2", "#
        + #""isAvailable" : true, "name" : "iOS 26.2", "supportedDeviceTypes" : [ ] } ] }"#

    /// A harness whose folder holds lanes.yml and an `Applications` folder with Xcode 26.2.
    static func harness(_ lanes: String = Self.lanes) throws -> AppHarness {
        let harness = try AppHarness(lanes: lanes)
        try FakeXcodeApp(in: harness.directory + "/Applications", name: "Xcode.app", version: "26.2", build: "17C52")
        return harness
    }

    static func doctor(
        _ harness: AppHarness, lane: String? = nil, online: Bool = false, variables: [String: String] = [:],
        transport: ScriptedTransport = ScriptedTransport()
    ) async -> Int32 {
        let variables = ["NIGHTSHIFT_XCODE_SEARCH_PATH": harness.directory + "/Applications"].merging(variables) { $1 }
        return await CheckMachine(global: LanesFileOptions(), lane: lane, online: online)
            .execute(in: harness.environment(variables, transport: transport))
    }

    @Test("the Xcode 'xcode:' chooses is named; a runtime it lacks fails with the command that installs it, asked with its DEVELOPER_DIR")
    func xcodeAndMissingRuntime() async throws {
        let harness = try Self.harness()
        await harness.shell.on(["xcrun", "simctl", "list", "runtimes", "-j"], .output([(.standardOutput, Self.runtimes)], .exited(0)))
        let status = await Self.doctor(harness)
        let text = harness.standardOutput
        #expect(status == 1, "\(harness.shown)")
        let app = harness.directory + "/Applications/Xcode.app"
        #expect(text.contains("✓ Xcode: 'xcode:' chooses Xcode 26.2 (17C52) at \(app)\n"), "\(text)")
        #expect(
            text.contains(
                "✗ simulator runtimes of Xcode 26.2 (17C52): no iOS 26.1 simulator runtime is installed for the selected Xcode (it has iOS 26.2)\n"
            ), "\(text)")
        #expect(
            text.contains("    fix: DEVELOPER_DIR=\(app)/Contents/Developer xcodebuild -downloadPlatform iOS -buildVersion 26.1"), "\(text)"
        )
        let listing = try #require(await harness.shell.commands.first)
        #expect(listing.environment["DEVELOPER_DIR"] == app + "/Contents/Developer")
        // doctor looks, it never installs.
        #expect(await harness.shell.argvs == [["xcrun", "simctl", "list", "runtimes", "-j"]])
    }

    @Test("a pin no installed Xcode fits fails as run would, naming what is installed; its runtimes are not asked")
    func xcodeMissing() async throws {
        let harness = try Self.harness(Self.lanes.replacingOccurrences(of: "\"26.2\"", with: "\"25.4\""))
        let status = await Self.doctor(harness)
        #expect(status == 1)
        #expect(harness.standardOutput.contains("✗ Xcode: "), "\(harness.shown)")
        #expect(harness.standardOutput.contains("Xcode 26.2 (17C52)"), "\(harness.shown)")
        #expect(harness.standardOutput.contains("NIGHTSHIFT_XCODE_SEARCH_PATH names other folders"))
        #expect(await harness.shell.commands.isEmpty)
    }

    @Test("a lane without test steps or pins: the selected Xcode, no runtime needed, and no command run")
    func nothingToAsk() async throws {
        let harness = try Self.harness()
        let status = await Self.doctor(harness, lane: "lint")
        #expect(status == 0, "\(harness.shown)")
        #expect(harness.standardOutput.contains("✓ Xcode: no 'xcode:' in force: the tools use this machine's selected Xcode"))
        #expect(harness.standardOutput.contains("✓ simulator runtimes: no test step runs on a simulator"))
        #expect(await harness.shell.commands.isEmpty)
    }

    /// The key variables with a fresh P-256 key, and the API pointed at a test host.
    static let key = [
        "APP_STORE_CONNECT_API_KEY_KEY_ID": "KEY123", "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "issuer-0001",
        "APP_STORE_CONNECT_API_KEY_KEY": P256.Signing.PrivateKey().pemRepresentation,
        "APP_STORE_CONNECT_ENDPOINT": "https://asc.example.test",
    ]

    @Test("without --online nothing is sent, even with the key set: the transport fails the test on any request")
    func offlineSendsNothing() async throws {
        let harness = try Self.harness()
        let transport = ScriptedTransport()
        _ = await Self.doctor(harness, lane: "lint", variables: Self.key, transport: transport)
        #expect(transport.requests.isEmpty)
        #expect(!harness.standardOutput.contains("App Store Connect"))
    }

    @Test("--online: one GET of one app, with the key's token; the key works")
    func onlineWorks() async throws {
        let harness = try Self.harness()
        let transport = ScriptedTransport { request in
            guard request.method == "GET", request.url.path == "/v1/apps", request.url.query == "limit=1" else {
                return ScriptedTransport.json(599, "unscripted \(request.method) \(request.url)")
            }
            return ScriptedTransport.json(200, #"{"data": [{"type": "apps", "id": "1"}], "links": {"self": "x"}}"#)
        }
        let status = await Self.doctor(harness, lane: "lint", online: true, variables: Self.key, transport: transport)
        #expect(status == 0, "\(harness.shown)")
        #expect(transport.requests.count == 1)
        #expect(transport.requests.first?.headers["Authorization"]?.hasPrefix("Bearer ey") == true)
        #expect(
            harness.standardOutput.contains(
                "✓ App Store Connect key: works: App Store Connect answered GET https://asc.example.test/v1/apps"))
        #expect(!harness.shown.contains("PRIVATE KEY"))
    }

    @Test("--online: a 401 names the key id, issuer and role to check; a dropped connection is named")
    func onlineRefused() async throws {
        let harness = try Self.harness()
        let refusing = ScriptedTransport { _ in
            ScriptedTransport.json(
                401,
                #"{"errors": [{"status": "401", "code": "NOT_AUTHORIZED", "title": "Authentication credentials are missing or invalid."}]}"#
            )
        }
        #expect(await Self.doctor(harness, lane: "lint", online: true, variables: Self.key, transport: refusing) == 1)
        let text = harness.standardOutput
        #expect(
            text.contains(
                "✗ App Store Connect key: App Store Connect refused GET https://asc.example.test/v1/apps (HTTP 401, NOT_AUTHORIZED)"),
            "\(text)")
        #expect(
            text.contains("fix: check APP_STORE_CONNECT_API_KEY_KEY_ID is the key's id and APP_STORE_CONNECT_API_KEY_ISSUER_ID"), "\(text)")
        // The client renews the token once after a 401, as Apple answers 401 to an expired one.
        #expect(refusing.requests.count == 2)

        let offline = try Self.harness()
        let dropping = ScriptedTransport { _ in throw HTTPTransportError.notConnected("connection refused") }
        #expect(await Self.doctor(offline, lane: "lint", online: true, variables: Self.key, transport: dropping) == 1)
        #expect(
            offline.standardOutput.contains("✗ App Store Connect key: GET https://asc.example.test/v1/apps"), "\(offline.standardOutput)")
        #expect(offline.standardOutput.contains("connection refused"))
        #expect(offline.standardOutput.contains("fix: no answer: check this machine reaches the API"))
    }

    @Test("--online without the key: not checked, naming the variables, nothing sent")
    func onlineWithoutKey() async throws {
        let harness = try Self.harness()
        let transport = ScriptedTransport()
        #expect(await Self.doctor(harness, lane: "lint", online: true, transport: transport) == 0)
        #expect(harness.standardOutput.contains("! App Store Connect key: not checked: APP_STORE_CONNECT_API_KEY_KEY_ID and"))
        #expect(transport.requests.isEmpty)
    }
}
