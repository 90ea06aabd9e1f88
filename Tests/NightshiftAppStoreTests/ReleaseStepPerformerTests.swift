import Crypto
import Foundation
@testable import NightshiftCore
@testable import NightshiftAppStore
@testable import NightshiftEngine
import NightshiftSchema
@testable import NightshiftServices
import NightshiftSystem
import NightshiftEngineTestSupport
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

/// The `release:` step as a lane runs it: the key and endpoint from the environment, the app from
/// the configuration, the platform from the project's destination, the journal from the engine.
@Suite("release: step performer")
struct ReleaseStepPerformerTests {
    let pem = P256.Signing.PrivateKey().pemRepresentation

    func context(
        _ settings: ReleaseSettings, destination: String? = nil, dryRun: Bool = false, journal: RecordedStepNote, log: LineLog
    ) -> StepContext {
        let environment: EnvironmentVariables = [
            "APP_STORE_CONNECT_API_KEY_KEY_ID": "KEY1", "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "issuer",
            "APP_STORE_CONNECT_API_KEY_KEY": pem, AppStoreConnectEndpoint.variable: FakeAppStoreReleaseAPI.base.absoluteString,
            NightshiftVariable.appIdentifier.name: "com.example.app",
        ]
        let step = Step(.release(settings))
        var file = LanesFile(path: "lanes.yml")
        file.project = Project(name: "Brewer", destination: destination.map { Template($0) })
        var context = StepContext(
            lanesFile: file, lane: Lane(name: "release", steps: [step]), step: step, configuration: nil,
            environment: environment, folders: RunFolders(root: .test("/tmp/ns"), lane: "release", runID: "1"),
            shell: ScriptedShellRunner(),
            clock: InstantClock(), secrets: RunSecrets(secrets: []), cleanup: CleanupStack(), exports: RunExports(), isDryRun: dryRun,
            emit: { _, bytes in await log.sink(String(decoding: bytes, as: UTF8.self)) })
        context.journalNotes = journal.notes
        return context
    }

    func performer(_ api: FakeAppStoreReleaseAPI) -> ReleaseStepPerformer {
        ReleaseStepPerformer { policy in
            RetryingHTTPClient(transport: api, clock: InstantClock(), jitter: FixedJitter(unit: 0.5), policy: policy)
        }
    }

    static func settings() -> ReleaseSettings {
        var settings = ReleaseSettings()
        settings.build = "412"
        settings.whatsNew = .perLocale(["en-US": "Faster sync.", "de-DE": "Schnellere Synchronisierung."])
        settings.encryption = false
        settings.phased = true
        settings.releaseType = .afterApproval
        return settings
    }

    @Test("a lane's release step takes the build to Waiting for Review, its ids in the journal and the report, the key never shown")
    func releases() async throws {
        let api = FakeAppStoreReleaseAPI()
        let (journal, log) = (RecordedStepNote(), LineLog())
        let context = context(Self.settings(), journal: journal, log: log)
        let termination = try await performer(api).perform(context.step, in: context)
        #expect(termination == .exited(0))
        let version = try #require(api.current.versions.first { $0.platform == "IOS" && $0.versionString == "3.2.0" })
        #expect(version.state == "WAITING_FOR_REVIEW")
        #expect(journal.recorded?["version"] == version.id)
        #expect(await context.details.all["app_store_version_id"] == version.id)
        #expect(!log.text.contains("PRIVATE KEY"))
        #expect(api.unexpected.isEmpty)
    }

    @Test("--dry-run: the plan, from GET requests only")
    func dryRun() async throws {
        let api = FakeAppStoreReleaseAPI()
        let log = LineLog()
        let context = context(Self.settings(), dryRun: true, journal: RecordedStepNote(), log: log)
        _ = try await performer(api).perform(context.step, in: context)
        #expect(api.writeRequests.isEmpty)
        #expect(log.text.contains("version 3.2.0: create"))
    }

    @Test("without build:, the build this run's upload made (its journal note), not the archive's number nor the newest build")
    func buildFromTheUpload() async throws {
        var state = FakeAppStoreReleaseState.standard()
        state.builds.append(.init(id: "build-413", number: "413", version: "3.2.0"))
        let api = FakeAppStoreReleaseAPI(state)
        var settings = Self.settings()
        settings.build = nil
        let log = LineLog()
        var context = context(settings, journal: RecordedStepNote(), log: log)
        context.environment[NightshiftVariable.buildNumber.name] = "411"
        let uploaded = [
            "destination": "testflight", "bundle_id": "com.example.app", "app_id": "app-1", "build_number": "412", "version": "3.2.0",
            "platform": "IOS", "build_id": "build-412",
        ]
        context.journalNotes = StepJournalNotes(
            earlier: nil,
            earlierSteps: [
                JournalNote(step: 1, kind: "upload", values: uploaded.merging(["build_id": "build-411", "build_number": "411"]) { $1 }),
                JournalNote(step: 2, kind: "upload", values: uploaded.merging(["bundle_id": "com.example.app.widgets"]) { $1 }),
                JournalNote(step: 3, kind: "upload", values: uploaded),
                JournalNote(step: 4, kind: "notarize", values: ["build_number": "9"]),
            ], record: { _ in })
        _ = try await performer(api).perform(context.step, in: context)
        let version = try #require(api.current.versions.first { $0.platform == "IOS" && $0.versionString == "3.2.0" })
        #expect(version.buildID == "build-412" && version.state == "WAITING_FOR_REVIEW")
        #expect(log.text.contains("the build this run uploaded: 3.2.0 (412), build build-412"))
        #expect(api.requests.contains("GET v1/builds/build-412"))
        #expect(!api.requests.contains { $0.hasPrefix("GET v1/builds?") }, "no lookup by number")
    }

    @Test("a tvOS destination releases the tvOS version")
    func platformFromDestination() async throws {
        let api = FakeAppStoreReleaseAPI()
        var settings = Self.settings()
        settings.whatsNew = .text("Faster sync.")
        let context = context(settings, destination: "generic/platform=tvOS", journal: RecordedStepNote(), log: LineLog())
        _ = try await performer(api).perform(context.step, in: context)
        #expect(api.current.versions.first { $0.id == "ver-tv-draft" }?.state == "WAITING_FOR_REVIEW")
        #expect(api.current.versions.first { $0.id == "ver-310" }?.state == "READY_FOR_DISTRIBUTION")
    }

    @Test("whats_new: { from: DIR } reads <locale>.txt and fastlane's <locale>/release_notes.txt, skipping folders that are no locale")
    func whatsNewFolder() async throws {
        let folder = NSTemporaryDirectory() + "whats-new-\(UUID().uuidString)"
        let files = FileManager.default
        try files.createDirectory(atPath: folder + "/de-DE", withIntermediateDirectories: true)
        try files.createDirectory(atPath: folder + "/review_information", withIntermediateDirectories: true)
        try "Faster sync.\n".write(toFile: folder + "/en-US.txt", atomically: true, encoding: .utf8)
        try "Schneller.".write(toFile: folder + "/de-DE/release_notes.txt", atomically: true, encoding: .utf8)
        try "x".write(toFile: folder + "/review_information/release_notes.txt", atomically: true, encoding: .utf8)
        defer { try? files.removeItem(atPath: folder) }
        #expect(try WhatsNewFolder.texts(in: folder) == ["en-US": "Faster sync.", "de-DE": "Schneller."])
        #expect(throws: AppStoreReleaseError.self) { try WhatsNewFolder.texts(in: folder + "/review_information") }
        // Read without blocking: a FIFO fails at once, saying so, instead of waiting for a writer.
        let fifo = folder + "/fr-FR.txt"
        _ = try NotAFile.fifo.make(at: fifo)
        #expect(throws: AppStoreReleaseError("whats_new: cannot read '\(fifo)': it is a FIFO", reason: .missingFile)) {
            try WhatsNewFolder.texts(in: folder)
        }
    }
}
