import Foundation
@testable import NightshiftApp
@testable import NightshiftApple
import NightshiftCore
import NightshiftDelivery
import NightshiftEngine
import NightshiftFakeTransport
import NightshiftRunnerBuilder
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftRunnerTestSupport

/// A lane from nothing but the API key and the certificate's private key: `signing: sync`
/// makes the certificate and profile on a fake App Store Connect, writes the .p12 (real
/// openssl) and the profile into the run's folder, and `import_certificate` and
/// `install_profile` read them there.
@Suite("signing: sync in a lane, against a fake App Store Connect", .temporaryDirectory)
struct SigningSyncLaneTests {
    static let yaml = """
        codesigning:
          from: appstoreconnect
          private_keys: { distribution: "${DIST_KEY}" }
        project: { name: Demo, scheme: Demo }
        configurations:
          production:
            app_identifier: com.example.app
            certificate: distribution
            provisioning_profile: Demo AppStore
            export_method: app-store
            build_configuration: Release
        lanes:
          beta:
            configuration: production
            steps:
              - signing: sync
              - import_certificate
              - install_profile

        """

    /// Imports nothing into a keychain: opens the .p12 with real openssl and the password it is
    /// given, as `security import` would, and remembers what it opened.
    final class OpeningImporter: KeychainImporter, @unchecked Sendable {
        let lock = NSLock()
        var opened: [(path: String, certificate: String)] = []
        /// A dry run opens nothing, as `security import` does not run then.
        let dryRun: Bool

        init(dryRun: Bool) { self.dryRun = dryRun }

        func prepare(
            _ spec: KeychainSpec, output: @escaping CommandOutput, onCreated: @escaping @Sendable (KeychainSession) async -> Void
        ) async throws -> KeychainSession {
            let session = KeychainSession(keychainPath: spec.path, keychainPassword: spec.password, restore: {})
            await onCreated(session)
            return session
        }

        func importCertificate(at p12Path: String, password: Secret, into session: KeychainSession, output: @escaping CommandOutput)
            async throws
        {
            guard !dryRun else { return }
            let result = try await ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment)).capture(
                ShellCommand(
                    "openssl", ["pkcs12", "-in", p12Path, "-nokeys", "-clcerts", "-passin", "env:P12_PASSWORD"],
                    environment: ["P12_PASSWORD": password.value]))
            guard result.succeeded else { throw StepFailure("openssl could not open \(p12Path): \(result.failureDetail)") }
            lock.withLock { opened.append((p12Path, result.standardOutput)) }
        }
    }

    struct Fixture {
        let fake: FakeSigningPortal
        let keyPEM: String
        let home: String
        var harness: LaneRunnerHarness
        let importer: OpeningImporter

        /// `bundles`: the project's signed bundles; by default the app's alone.
        init(mode: LaneRunnerHarness.Mode, bundles: SigningSyncStepPerformer.BundleReader? = nil) async throws {
            importer = OpeningImporter(dryRun: mode == .dryRun)
            harness = try LaneRunnerHarness(mode: mode, yaml: SigningSyncLaneTests.yaml)
            // The lane signs its tokens on the harness's clock, and the fake judges their expiry on it.
            fake = try await FakeSigningPortal(clock: harness.clock, listening: false)
            keyPEM = try await FakeSigningPortal.rsaKey()
            home = try TemporaryDirectory.make("home")
            fake.addBundleID("com.example.app")
            harness.environment = [
                "DIST_KEY": keyPEM, "HOME": home, "APP_STORE_CONNECT_API_KEY_KEY_ID": FakeSigningPortal.keyID,
                "APP_STORE_CONNECT_API_KEY_ISSUER_ID": FakeSigningPortal.issuerID, "APP_STORE_CONNECT_API_KEY_KEY": fake.pem,
                AppStoreConnectSigning.endpointVariable: fake.endpoint,
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            ]
            let importer = importer
            let signing = SigningStepPerformer(files: LocalSigningFileSystem(), makeKeychainImporter: { _ in importer })
            let bundles = bundles ?? { _, _ in [.init(identifier: "com.example.app", platform: "iphoneos")] }
            harness.performers = [
                .signing: SigningSyncStepPerformer(readBundles: bundles, transport: InProcessHTTPServer(handler: fake.answer)),
                .importCertificate: signing, .installProfile: signing,
            ]
        }

        func run() async throws -> LaneResult {
            var builder = harness.builder()
            // openssl pkcs12 -export runs for real: the .p12 the import opens is the one sync wrote.
            builder.shell = ProcessShellRunner(environment: harness.environment)
            // The project's signed bundles: the app alone, as the bundle reader above says.
            builder.inspectionShell = BuildSettingsShell(
                app: "com.example.app", forwarding: ProcessShellRunner(environment: harness.environment))
            if !harness.isDryRun {
                let lanes = try TemporaryDirectory.make("lanes") + "/lanes.yml"
                try SigningSyncLaneTests.yaml.write(toFile: lanes, atomically: true, encoding: .utf8)
                builder.options.journal = JournalRequest(lanesFilePath: try AbsolutePath(validating: lanes))
            }
            return try await builder.build().run("beta")
        }
    }

    @Test("sync makes the certificate and the profile, writes them owner-only, and the import and install read them")
    func syncThenImport() async throws {
        let fixture = try await Fixture(mode: .real)
        defer { Task { await fixture.fake.stop() } }
        let result = try await fixture.run()
        #expect(result.status == .passed, "\(result.steps.map { "\($0.name): \($0.status) \($0.message ?? "")" })")
        #expect(fixture.fake.changes.map(\.description) == ["POST /v1/certificates", "POST /v1/profiles"])
        let folder = Codesigning.syncedFolder(runFolder: result.logFolder)
        let p12 = "\(folder)/distribution.p12"
        let opened = fixture.importer.lock.withLock { fixture.importer.opened }
        #expect(opened.map(\.path) == [p12])
        // The certificate inside is the one App Store Connect issued for the key.
        let issued = try #require(fixture.fake.certificates.first)
        #expect(opened.first?.certificate.contains(issued.der.base64EncodedString().prefix(60)) == true)
        let mode = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1 }
        #expect(mode(folder) == 0o700 && mode(p12) == 0o600 && mode("\(folder)/Demo AppStore.mobileprovision") == 0o600)
        let profile = try #require(fixture.fake.profiles.first)
        #expect(
            FileManager.default.fileExists(
                atPath: "\(fixture.home)/Library/MobileDevice/Provisioning Profiles/\(profile.uuid).mobileprovision"))
        let sync = try #require(result.steps.first)
        #expect(sync.details["signing.changes"]?.contains("created certificate") == true)
        #expect(sync.details["signing.changes"]?.contains("created profile 'Demo AppStore'") == true)
        // The key never reaches the output, nor the .p12's password.
        let output = fixture.harness.output.standardOutput + fixture.harness.output.standardError
        let log = try fixture.harness.log(of: sync.name, in: result) ?? ""
        for line in fixture.keyPEM.split(separator: "\n") where !line.hasPrefix("-----") {
            #expect(!output.contains(line) && !log.contains(line))
        }
        #expect(log.contains("wrote \(p12)"))
        // Each change is in the run's journal too; the .p12's password handed to the import is masked there.
        let journal = try String(contentsOfFile: result.logFolder + "/journal.json", encoding: .utf8)
        #expect(journal.contains("created certificate") && journal.contains("created profile 'Demo AppStore'"))
        #expect(journal.contains("\"\(Codesigning.syncedPasswordVariable)\":\"********\""))
        for line in fixture.keyPEM.split(separator: "\n") where !line.hasPrefix("-----") { #expect(!journal.contains(line)) }
    }

    @Test("a dry run reads the portal only and prints what sync would change")
    func dryRun() async throws {
        let fixture = try await Fixture(mode: .dryRun)
        defer { Task { await fixture.fake.stop() } }
        let result = try await fixture.run()
        #expect(result.status == .passed, "\(result.steps.map { "\($0.name): \($0.status) \($0.message ?? "")" })")
        #expect(fixture.fake.changes.isEmpty, "a dry run changed something: \(fixture.fake.changes)")
        #expect(!fixture.fake.log.isEmpty)
        let output = fixture.harness.output.standardOutput
        #expect(output.contains("certificate  private key 'distribution': none on App Store Connect has its public key"))
        #expect(output.contains("2 changes pending"))
        #expect(output.contains("create certificate DISTRIBUTION from private key 'distribution'"))
        #expect(output.contains("create profile 'Demo AppStore' (IOS_APP_STORE, com.example.app): missing"))
        #expect(fixture.importer.lock.withLock { fixture.importer.opened }.isEmpty)
        // What a dry run shows, whole (the run folder is the harness's fixed one).
        Golden.assertMatches(
            output.replacingOccurrences(of: fixture.home, with: "$HOME"), file: Golden.folder() + "/Golden/signing-sync-dry-run.txt")
    }

    @Test("a dry run that cannot read the project's bundles plans for the app's alone, saying so; a run stops there")
    func unreadableBundles() async throws {
        let unreadable: SigningSyncStepPerformer.BundleReader = { _, _ in
            throw StepFailure("configuration 'production': cannot run xcodebuild: not found on PATH")
        }
        let dry = try await Fixture(mode: .dryRun, bundles: unreadable)
        defer { Task { await dry.fake.stop() } }
        let planned = try await dry.run()
        #expect(planned.status == .passed, "\(planned.steps.map { "\($0.name): \($0.status) \($0.message ?? "")" })")
        #expect(dry.fake.changes.isEmpty)
        let shown = dry.harness.output.standardOutput + dry.harness.output.standardError
        #expect(
            shown.contains(
                "a dry run could not read the scheme's signed bundles (configuration 'production': cannot run xcodebuild: not found on PATH)"
            ), "\(shown)")
        #expect(shown.contains("create profile 'Demo AppStore' (IOS_APP_STORE, com.example.app): missing"))

        let real = try await Fixture(mode: .real, bundles: unreadable)
        defer { Task { await real.fake.stop() } }
        let stopped = try await real.run()
        #expect(stopped.status == .failed)
        #expect(stopped.steps.first?.message?.contains("cannot run xcodebuild: not found on PATH") == true)
        #expect(real.fake.changes.isEmpty)
    }

    @Test("without the API key, the lane stops before any step, naming the variables")
    func missingAPIKey() async throws {
        var fixture = try await Fixture(mode: .real)
        let fake = fixture.fake
        defer { Task { await fake.stop() } }
        fixture.harness.environment["APP_STORE_CONNECT_API_KEY_KEY_ID"] = nil
        fixture.harness.environment["APP_STORE_CONNECT_API_KEY_KEY"] = nil
        let error = await #expect(throws: RunPreparationError.self) { try await fixture.run() }
        let messages = error?.problems.map(\.message).joined(separator: "\n") ?? ""
        #expect(messages.contains("'APP_STORE_CONNECT_API_KEY_KEY_ID' is not set"), "\(messages)")
        #expect(messages.contains("'APP_STORE_CONNECT_API_KEY_KEY', 'APP_STORE_CONNECT_API_KEY_KEY_FILEPATH'"), "\(messages)")
        #expect(fixture.fake.log.isEmpty)
    }
}

/// Answers `xcodebuild -showBuildSettings -json` for a scheme signing one app, as Xcode prints
/// it; every other command goes to `forwarding`.
struct BuildSettingsShell: ShellRunner {
    let app: String
    let forwarding: any ShellRunner

    func run(_ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) async throws -> Termination {
        guard command.argv.prefix(2) == ["xcodebuild", "-showBuildSettings"] else {
            return try await forwarding.run(command, onOutput: onOutput)
        }
        let json = """
            [{"action":"build","target":"Demo","buildSettings":{"PRODUCT_TYPE":"com.apple.product-type.application","PRODUCT_BUNDLE_IDENTIFIER":"\(app)","PLATFORM_NAME":"iphoneos"}}]

            """
        await onOutput(.standardOutput, Array(json.utf8))
        return .exited(0)
    }
}
