import Foundation
@testable import NightshiftCore
@testable import NightshiftApple
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

/// `build_number: { from: appstoreconnect }` against the fake App Store Connect: builds and build
/// uploads read page by page, GETs only, and a number above every one of them.
@Suite("Build numbers from App Store Connect")
struct AppStoreConnectBuildNumbersTests {
    /// One to three parts, small and large, as teams number builds ("812", "4.2", "2026.11.26").
    static func randomNumber(_ random: inout SplitMix64) -> String {
        let parts = Int.random(in: 1...3, using: &random)
        return (0..<parts).map { _ in
            String(Bool.random(using: &random) ? UInt64.random(in: 0...20, using: &random) : UInt64.random(in: 0...99_999, using: &random))
        }.joined(separator: ".")
    }

    static func randomHistory(_ random: inout SplitMix64) -> FakeBuildHistory {
        let builds = (0..<Int.random(in: 0...30, using: &random)).map { _ in randomNumber(&random) }
        let uploads = (0..<Int.random(in: 0...30, using: &random)).map { _ in
            FakeBuildHistory.Upload(
                version: randomNumber(&random), platform: FakeBuildHistory.platforms.randomElement(using: &random)!,
                state: FakeBuildHistory.uploadStates.randomElement(using: &random)!)
        }
        return FakeBuildHistory(builds: builds, uploads: uploads, pageSize: Int.random(in: 1...12, using: &random))
    }

    func context(_ fake: FakeAppStoreConnect, clock: SkippingClock, environment extra: [String: String] = [:], dryRun: Bool = false)
        -> (StepContext, LineLog)
    {
        var environment: EnvironmentVariables = [
            "APP_STORE_CONNECT_API_KEY_KEY_ID": FakeAppStoreConnect.keyID,
            "APP_STORE_CONNECT_API_KEY_ISSUER_ID": FakeAppStoreConnect.issuerID,
            "APP_STORE_CONNECT_API_KEY_KEY": fake.pem, AppStoreConnectEndpoint.variable: fake.endpoint,
        ]
        for (name, value) in extra { environment[name] = value }
        let log = LineLog()
        let step = Step(.archive(ArchiveStepSettings(buildNumber: .appStoreConnect)))
        let context = StepContext(
            lanesFile: LanesFile(path: "lanes.yml"), lane: Lane(name: "beta", steps: [step]), step: step, configuration: nil,
            environment: environment, folders: RunFolders(root: .test("/tmp/ns"), lane: "beta", runID: "1"), shell: ScriptedShellRunner(),
            clock: clock, secrets: RunSecrets(secrets: []), cleanup: CleanupStack(), exports: RunExports(), isDryRun: dryRun,
            emit: { _, bytes in await log.sink(String(decoding: bytes, as: UTF8.self)) })
        return (context, log)
    }

    /// Build numbers from `fake`, answered in process.
    static func source(_ fake: FakeAppStoreConnect) -> AppStoreConnectBuildNumbers {
        let transport = InProcessHTTPServer(handler: fake.answer)
        return AppStoreConnectBuildNumbers { policy in
            RetryingHTTPClient(transport: transport, clock: SkippingClock(), jitter: FixedJitter(unit: 0), policy: policy)
        }
    }

    static let request = BuildNumberRequest(bundleID: FakeAppStoreConnect.bundleID, platform: "IOS", endpoint: nil)

    @Test("Apple's order: parts compared as integers, missing parts zero; the next number steps the last part")
    func comparison() throws {
        let ordered = ["0", "1", "1.0.1", "1.2", "1.10", "2", "9", "10", "10.0.1", "812"].map { BuildNumber($0)! }
        #expect(ordered == ordered.sorted())
        #expect(BuildNumber("1.0") == BuildNumber("1"))
        #expect(BuildNumber("812")?.next.description == "813")
        #expect(BuildNumber("4.9")?.next.description == "4.10")
        for bad in ["", "1.", ".1", "1..2", "1.2.3.4", "-1", "1a", "+1", " 1", "١٢", String(repeating: "9", count: 19)] {
            #expect(BuildNumber(bad) == nil, "\(bad)")
        }
    }

    @Test("property: over random builds and uploads in every state, the choice is above each of them", arguments: [1, 2, 3, 4])
    func alwaysAbove(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let history = Self.randomHistory(&random)
            let uploads = history.uploads.map(\.version)
            let choice = BuildNumberChoice(builds: history.builds, uploads: uploads)
            let next = choice.next
            for text in history.builds + uploads { #expect(next > BuildNumber(text)!, "\(text) in seed \(seed)") }
            #expect(choice.unreadable.isEmpty)
        }
    }

    @Test("property, through the API: every page is read, other platforms are left out, and the number is above the rest")
    func throughTheAPI() async throws {
        var random = SplitMix64(seed: 31)
        for _ in 0..<15 {
            var script = FakeAppStoreConnect.Script()
            script.history = Self.randomHistory(&random)
            let clock = SkippingClock()
            let fake = try await FakeAppStoreConnect(file: Data(), clock: clock, script: script, listening: false)
            let (context, _) = context(fake, clock: clock)
            let answer = try await Self.source(fake).nextBuildNumber(Self.request, in: context)
            let history = script.history
            let counted = history.builds + history.uploads.filter { $0.platform == "IOS" }.map(\.version)
            for text in counted { #expect(answer.number > BuildNumber(text)!) }
            #expect(answer.number == (counted.compactMap(BuildNumber.init).max()?.next ?? .first))
            #expect(fake.problems == [])
            let pages = { (count: Int) in max(1, (count + history.pageSize - 1) / history.pageSize) }
            #expect(fake.apiCalls.filter { $0 == "GET /v1/builds" }.count == pages(history.builds.count))
            #expect(fake.apiCalls.allSatisfy { $0.hasPrefix("GET ") })
            await fake.stop()
        }
    }

    @Test("a failed upload, one still processing and a build all hold a number: the next is above the failed one")
    func failedUploadsCount() async throws {
        var script = FakeAppStoreConnect.Script()
        script.history = FakeBuildHistory(
            builds: ["40", "41"],
            uploads: [
                .init(version: "43", state: "FAILED"), .init(version: "42", state: "PROCESSING"), .init(version: "99", platform: "MAC_OS"),
            ])
        let clock = SkippingClock()
        let fake = try await FakeAppStoreConnect(file: Data(), clock: clock, script: script, listening: false)
        let (context, log) = context(fake, clock: clock)
        let answer = try await Self.source(fake).nextBuildNumber(Self.request, in: context)
        #expect(answer.number.description == "44")
        #expect(answer.reason == "the highest of 2 builds and 2 build uploads is 43")
        #expect(!log.text.contains("BEGIN PRIVATE KEY"))
        await fake.stop()
    }

    @Test(
        "two runs at once on one machine get two numbers; a third gets the next; a dry run reserves nothing (issue #38 §4)",
        .temporaryDirectory)
    func reservedAcrossRuns() async throws {
        var script = FakeAppStoreConnect.Script()
        script.history = FakeBuildHistory(builds: ["812"], uploads: [.init(version: "814", state: "PROCESSING")])
        let clock = SkippingClock()
        let fake = try await FakeAppStoreConnect(file: Data(), clock: clock, script: script, listening: false)
        defer { Task { await fake.stop() } }
        var source = Self.source(fake)
        source.reservationFolder = try TemporaryDirectory.make("build-numbers") + "/.nightshift/build-numbers"
        let reserving = source
        let (first, _) = context(fake, clock: clock)
        let (second, _) = context(fake, clock: clock)
        async let one = reserving.nextBuildNumber(Self.request, in: first)
        async let two = reserving.nextBuildNumber(Self.request, in: second)
        let numbers = try await [one, two].map(\.number.description).sorted()
        #expect(numbers == ["815", "816"])
        let (dry, _) = context(fake, clock: clock, dryRun: true)
        #expect(try await reserving.nextBuildNumber(Self.request, in: dry).number.description == "815")
        let (third, _) = context(fake, clock: clock)
        let answer = try await reserving.nextBuildNumber(Self.request, in: third)
        #expect(answer.number.description == "817")
        #expect(answer.reason == "the highest of 1 build and 1 build upload is 814; 816 was handed out on this machine already")
    }

    @Test("an app with nothing yet starts at 1; the step's endpoint wins over APP_STORE_CONNECT_ENDPOINT")
    func firstBuildAndEndpoint() async throws {
        let clock = SkippingClock()
        let fake = try await FakeAppStoreConnect(file: Data(), clock: clock, listening: false)
        let (context, _) = context(fake, clock: clock, environment: [AppStoreConnectEndpoint.variable: "http://127.0.0.1:1"])
        var request = Self.request
        request.endpoint = fake.endpoint
        #expect(try await Self.source(fake).nextBuildNumber(request, in: context).number.description == "1")
        await fake.stop()
    }

    @Test("the endpoint: the step's, else the environment's, else Apple's; a bad one is named")
    func endpointResolution() throws {
        let environment: EnvironmentVariables = [AppStoreConnectEndpoint.variable: "http://proxy.example:8080/"]
        #expect(try AppStoreConnectEndpoint.resolve(step: nil, environment: [:]) == AppStoreConnectEndpoint.apple)
        #expect(try AppStoreConnectEndpoint.resolve(step: nil, environment: environment).absoluteString == "http://proxy.example:8080")
        #expect(
            try AppStoreConnectEndpoint.resolve(step: "https://a.example", environment: environment).absoluteString == "https://a.example")
        #expect(throws: AppStoreConnectEndpointError("APP_STORE_CONNECT_ENDPOINT='not a url' is not a URL")) {
            try AppStoreConnectEndpoint.resolve(step: nil, environment: [AppStoreConnectEndpoint.variable: "not a url"])
        }
    }

    @Test("the API key missing from the environment is named, not sent")
    func missingKey() async throws {
        let clock = SkippingClock()
        let fake = try await FakeAppStoreConnect(file: Data(), clock: clock, listening: false)
        var (context, _) = context(fake, clock: clock)
        context.environment = [:]
        await #expect(throws: StepFailure.self) { try await Self.source(fake).nextBuildNumber(Self.request, in: context) }
        #expect(fake.apiCalls.isEmpty)
        await fake.stop()
    }
}
