import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport

/// A lanes file, configuration and step context for signing tests, rooted in a temporary folder:
/// signing files in `<root>/signing`, HOME in `<root>/home`, the run in `<root>/run`.
struct SigningTestContext {
    let root: String
    let shell: any ShellRunner
    let clock: ManualClock
    let cleanup = CleanupStack()
    let exports = RunExports()
    let output = CapturingOutput()

    static let keychainPassword = "kc-secret-pw"
    static let certificatePassword = "p12-secret-pw"

    var signingFolder: String { "\(root)/signing" }
    var home: String { "\(root)/home" }
    var folders: RunFolders { RunFolders(runID: "run-1", logs: .test("\(root)/run"), output: .test("\(root)/run/output")) }
    var keychainPath: String { "\(root)/run/nightshift.keychain-db" }

    init(root: String, shell: any ShellRunner, now: Date = Date(timeIntervalSince1970: 1_750_000_000)) {
        self.root = root
        self.shell = shell
        self.clock = ManualClock(now: now)
    }

    static func configuration(appIdentifier: String = "com.example.app") -> Configuration {
        Configuration(
            name: "production", certificate: "distribution", provisioningProfile: "distribution",
            buildConfiguration: "Release", appIdentifier: Template(appIdentifier), exportMethod: "ad-hoc",
            teamID: "ABCDE12345", exportOptions: ["uploadSymbols": .bool(true)])
    }

    static func lanesFile(configuration: Configuration = configuration(), makeDefault: Bool = false) -> LanesFile {
        LanesFile(
            path: "lanes.yml",
            project: Project(name: "Example", workspace: "Example.xcworkspace", scheme: "Example"),
            secrets: ["KEYCHAIN_PASSWORD", "CERTIFICATE_PASSWORD"],
            codesigning: Codesigning(
                path: "${CODESIGNING_PATH}", certificatePassword: "${CERTIFICATE_PASSWORD}",
                keychain: KeychainSettings(password: "${KEYCHAIN_PASSWORD}", makeDefault: makeDefault)),
            configurations: [configuration],
            lanes: [Lane(name: "release", configuration: "production", steps: [Step(.package)])])
    }

    /// The Brewer fixture project copied to `root` (absolute paths: the fake tools run in the
    /// test's own folder), its staging configuration signing `works.sth.brewer.staging`.
    func brewerLanesFile() throws -> LanesFile {
        try BrewerFixture.copyProject(into: root)
        var lanesFile = Self.lanesFile(
            configuration: Configuration(
                name: "staging", certificate: "distribution", provisioningProfile: "distribution", buildConfiguration: "Staging",
                appIdentifier: "works.sth.brewer.staging", exportMethod: "ad-hoc", teamID: "ABCDE12345"))
        lanesFile.project = Project(name: "Brewer", workspace: Template("\(root)/Brewer.xcworkspace"), scheme: "Brewer")
        lanesFile.lanes[0].configuration = "staging"
        return lanesFile
    }

    var environment: EnvironmentVariables {
        [
            "CODESIGNING_PATH": signingFolder, "HOME": home,
            "KEYCHAIN_PASSWORD": Self.keychainPassword, "CERTIFICATE_PASSWORD": Self.certificatePassword,
        ]
    }

    func context(for kind: StepKind, lanesFile: LanesFile = lanesFile(), dryRun: Bool = false) -> StepContext {
        let step = Step(kind)
        let output = self.output
        return StepContext(
            lanesFile: lanesFile, lane: lanesFile.lanes[0], step: step, configuration: lanesFile.configurations.first,
            environment: environment, folders: folders, shell: shell, clock: clock,
            secrets: RunSecrets(secrets: lanesFile.secretValues(in: environment)),
            cleanup: cleanup, exports: exports, isDryRun: dryRun, emit: { channel, bytes in await output.append(channel, bytes) })
    }

    /// Runs every registered cleanup action, newest first, as the lane runner does.
    func runCleanup() async throws {
        for action in await cleanup.drain() { try await action.perform() }
    }
}
