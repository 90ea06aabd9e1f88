import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftLanes
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerBuilder

/// The signing preflight of a real (not dry) run when a lane calls another: every configuration
/// the run signs with is checked, each with its own profile and .p12, before any step runs.
@Suite("Signing preflight through lane: calls", .temporaryDirectory)
struct NestedLanePreflightTests {
    static let keychainPassword = "kc-secret-pw"
    static let certificatePassword = "p12-secret-pw"

    static let yaml = """
        project: { name: Example, workspace: Example.xcworkspace, scheme: Example }
        codesigning:
          path: ${CODESIGNING_PATH}
          certificate_password: ${CERTIFICATE_PASSWORD}
          keychain: { password: "${KEYCHAIN_PASSWORD}" }
        configurations:
          staging: { certificate: staging, provisioning_profile: staging, build_configuration: Staging,
                     app_identifier: com.example.app, export_method: ad-hoc }
          production: { certificate: production, provisioning_profile: production, build_configuration: Release,
                        app_identifier: com.example.app, export_method: app-store }
        lanes:
          developer-release:
            configuration: staging
            steps: [package]
          production-release:
            configuration: production
            steps: [package]
          all:
            steps:
              - lane: developer-release
          staging-then-production:
            configuration: staging
            steps:
              - package
              - lane: production-release
        """

    let root: String
    let shell = ScriptedShellRunner()

    init() throws {
        root = try SigningFixtures.temporaryFolder()
    }

    /// Makes both configurations' files (production's profile expiring as given) and scripts
    /// openssl to answer for each .p12 with its real certificate.
    func makeSigningFiles(productionProfileExpiry: String) async throws {
        let signing = "\(root)/signing"
        try await SigningFixtures.make(in: signing, name: "staging", ["P12_PASSWORD": Self.certificatePassword])
        try await SigningFixtures.make(
            in: signing, name: "production",
            [
                "P12_PASSWORD": Self.certificatePassword, "PROFILE_EXPIRY": productionProfileExpiry,
            ])
        for name in ["staging", "production"] {
            let pem = try await SigningFixtures.pem(of: "\(signing)/\(name).p12", password: Self.certificatePassword)
            await shell.on(["openssl", "pkcs12", "-in", "\(signing)/\(name).p12"], .output([(.standardOutput, pem)], .exited(0)))
        }
        await shell.scriptBuildSettings()
    }

    func run(_ lane: String) async throws -> LaneResult {
        let environment: EnvironmentVariables = [
            "CODESIGNING_PATH": "\(root)/signing", "HOME": "\(root)/home",
            "CERTIFICATE_PASSWORD": Self.certificatePassword, "KEYCHAIN_PASSWORD": Self.keychainPassword,
        ]
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_750_000_000))
        let output = CapturingOutputSink()
        let signing = SigningStepPerformer(
            files: LocalSigningFileSystem(),
            makeKeychainImporter: { SecurityKeychainImporter(shell: $0, searchListLock: UnlockedSearchList()) })
        var performers: StepPerformers = [.sh: ShellStepPerformer()]
        for kind in SigningStepPerformer.kinds { performers[kind] = signing }
        var builder = LaneRunnerBuilder(
            file: try LanesFileLoader().parse(text: Self.yaml, path: "lanes.yml"), shell: shell, clock: clock,
            environment: environment, output: output, options: RunOptions(stateDirectory: "\(root)/state", runID: "nested"))
        builder.performers = performers
        return try await builder.build().run(lane)
    }

    @Test("a wrapper lane without configuration checks the called lane's signing with that lane's configuration")
    func wrapperWithoutConfiguration() async throws {
        defer { SigningFixtures.remove(root) }
        try await makeSigningFiles(productionProfileExpiry: "2035-01-01T00:00:00Z")
        let result = try await run("all")
        #expect(!result.steps.contains { $0.kind == .preflight }, "\(result.steps.compactMap(\.message))")
        #expect(await shell.argvs.contains { $0.starts(with: ["openssl", "pkcs12", "-in", "\(root)/signing/staging.p12"]) })
        #expect(await shell.argvs.contains { $0.first == "security" }, "the package step ran")
    }

    @Test("a staging lane calling a production lane with an expired profile fails before any security or xcodebuild command")
    func expiredProfileInCalledLane() async throws {
        defer { SigningFixtures.remove(root) }
        try await makeSigningFiles(productionProfileExpiry: "2020-01-01T00:00:00Z")
        let result = try await run("staging-then-production")
        #expect(result.status == .failed)
        let preflight = try #require(result.steps.first { $0.kind == .preflight })
        #expect(preflight.status == .failed)
        #expect(preflight.name == "preflight package (production)")
        #expect(preflight.message?.contains("production.mobileprovision) expired on 2020-01-01") == true)
        #expect(preflight.reason == .profileExpired)
        // Only reading: the .p12s and the scheme's signed bundles (staging's plan, made first).
        #expect(await shell.argvs.allSatisfy { $0.first == "openssl" || $0.prefix(2) == ["xcodebuild", "-showBuildSettings"] })
        #expect(!result.steps.contains { $0.kind == .step(.package) && $0.status != .notRun })
    }
}
