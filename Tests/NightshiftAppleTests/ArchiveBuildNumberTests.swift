import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

/// `archive: { build_number: { from: … }, version: … }`: the number reaches xcodebuild as build
/// settings (the project is never edited), the step's details and exports, and a resumed run
/// keeps the number its earlier attempt chose.
@Suite("Archive build numbers")
struct ArchiveBuildNumberTests {
    static let archived = ScriptedShellRunner.Response.output([(.standardOutput, "** ARCHIVE SUCCEEDED **\n")], .exited(0))

    func archive(
        _ settings: ArchiveStepSettings, environment: [String: String] = [:], earlier: [String: String] = [:],
        shell: ScriptedShellRunner, buildNumbers: (any BuildNumberSource)? = nil
    ) async throws -> (argv: [String], context: StepContext) {
        await shell.on(["xcodebuild", "archive"], Self.archived)
        let test = SigningTestContext(root: "/tmp/nightshift-archive-numbers", shell: shell)
        var context = test.context(for: .archive(settings), dryRun: true)
        for (name, value) in environment { context.environment[name] = value }
        context.environment[NightshiftVariable.appIdentifier.name] = FakeAppStoreConnect.bundleID
        context.earlierExports = earlier
        let performer = SigningStepPerformer(
            files: LocalSigningFileSystem(),
            makeKeychainImporter: { SecurityKeychainImporter(shell: $0, searchListLock: UnlockedSearchList()) },
            buildNumbers: buildNumbers)
        _ = try await performer.perform(context.step, in: context)
        let argv = try #require(await shell.argvs.first { $0.prefix(2) == ["xcodebuild", "archive"] })
        return (argv, context)
    }

    @Test("from: git counts HEAD's commits; version: becomes MARKETING_VERSION; both are the step's details and exports")
    func fromGit() async throws {
        let shell = ScriptedShellRunner()
        await shell.on(["git", "rev-list", "--count", "HEAD"], .output([(.standardOutput, "1234\n")], .exited(0)))
        await shell.on(["git", "rev-parse", "--is-shallow-repository"], .output([(.standardOutput, "false\n")], .exited(0)))
        let (argv, context) = try await archive(
            ArchiveStepSettings(buildNumber: .git, version: "${VERSION}"), environment: ["VERSION": "2.1"], shell: shell)
        #expect(argv.suffix(2) == ["CURRENT_PROJECT_VERSION=1234", "MARKETING_VERSION=2.1"])
        #expect(await context.details.all == ["build_number": "1234", "version": "2.1"])
        let exports = await context.exports.all
        #expect(exports["NIGHTSHIFT_BUILD_NUMBER"] == "1234" && exports["NIGHTSHIFT_VERSION"] == "2.1")
    }

    /// `from: git` in `folder`, through the real git, as a dry run (which reads git for real).
    func numberFromGit(in folder: String) async throws -> String? {
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        var context = SigningTestContext(root: folder, shell: shell).context(
            for: .archive(ArchiveStepSettings(buildNumber: .git)), dryRun: true)
        context.directory = folder
        let numbering = ArchiveNumbering(settings: ArchiveStepSettings(buildNumber: .git), store: nil)
        return try await numbering.numbers(context, destination: "generic/platform=iOS").buildNumber
    }

    @Test("from: git in a shallow clone fails, naming the cause and the fix; a whole clone counts its history", .temporaryDirectory)
    func fromGitInShallowClone() async throws {
        let repository = try await GitRepositoryFixture.make(subjects: ["one", "two", "three"])
        #expect(try await numberFromGit(in: try await repository.clone()) == "3")
        let shallow = try await repository.clone(depth: 1)
        #expect(try await GitRepositoryFixture.git(["rev-parse", "--is-shallow-repository"], in: shallow) == "true")
        let failure = try await #require(throws: StepFailure.self) { try await numberFromGit(in: shallow) }
        #expect(failure.reason == .invalidSetting)
        #expect(
            failure.message.hasPrefix(
                "'build_number: { from: git }': the repository is a shallow clone (git rev-parse --is-shallow-repository says true), "
                    + "so git rev-list --count HEAD counts only the 1 commit fetched, not the history, and would repeat an earlier build's number; "
                    + "fetch the whole history before the run: `git fetch --unshallow`; on GitHub Actions, `with: { fetch-depth: 0 }` on actions/checkout; "
                    + "on Jenkins, the Git step's Advanced clone behaviours without 'Shallow clone'"))
        // Unshallowed, as the message says: the whole count.
        try await GitRepositoryFixture.git(["fetch", "-q", "--unshallow"], in: shallow)
        #expect(try await numberFromGit(in: shallow) == "3")
    }

    @Test("from: env reads the named variable, or the CI's build number; a missing or malformed one is a clear failure")
    func fromEnvironment() async throws {
        let named = try await archive(
            ArchiveStepSettings(buildNumber: .environment(variable: "MY_BUILD")), environment: ["MY_BUILD": "77"],
            shell: ScriptedShellRunner())
        #expect(named.argv.last == "CURRENT_PROJECT_VERSION=77")
        let jenkins = try await archive(
            ArchiveStepSettings(buildNumber: .environment(variable: nil)),
            environment: ["JENKINS_URL": "https://ci.example", "BUILD_NUMBER": "512"], shell: ScriptedShellRunner())
        #expect(jenkins.argv.last == "CURRENT_PROJECT_VERSION=512")
        await #expect(throws: StepFailure("'build_number: { from: env }': 'MY_BUILD' is not set", reason: .missingSetting)) {
            _ = try await archive(ArchiveStepSettings(buildNumber: .environment(variable: "MY_BUILD")), shell: ScriptedShellRunner())
        }
        await #expect(throws: StepFailure.self) {
            _ = try await archive(
                ArchiveStepSettings(buildNumber: .environment(variable: "MY_BUILD")), environment: ["MY_BUILD": "12; rm -rf /"],
                shell: ScriptedShellRunner())
        }
    }

    @Test("a resumed run takes the number its earlier attempt chose, and asks nobody again")
    func resumedRunReuses() async throws {
        let shell = ScriptedShellRunner()
        let (argv, _) = try await archive(
            ArchiveStepSettings(buildNumber: .git), earlier: ["NIGHTSHIFT_BUILD_NUMBER": "812"], shell: shell)
        #expect(argv.last == "CURRENT_PROJECT_VERSION=812")
        #expect(await !shell.argvs.contains { $0.first == "git" })
    }

    @Test("the bare archive passes no number: the project's own")
    func bareArchive() async throws {
        let (argv, context) = try await archive(ArchiveStepSettings(), shell: ScriptedShellRunner())
        #expect(!argv.contains { $0.hasPrefix("CURRENT_PROJECT_VERSION=") || $0.hasPrefix("MARKETING_VERSION=") })
        #expect(await context.details.all.isEmpty)
    }

    @Test("a dry run asks App Store Connect for the real number with GET requests only")
    func dryRunReadsOnly() async throws {
        var script = FakeAppStoreConnect.Script()
        script.history = FakeBuildHistory(builds: ["7", "8"], uploads: [.init(version: "9", state: "FAILED")], pageSize: 1)
        // The token is signed on the step's clock (`SigningTestContext`'s), which the fake checks it against.
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_750_000_000))
        let fake = try await FakeAppStoreConnect(file: Data(), clock: clock, script: script, listening: false)
        let transport = InProcessHTTPServer(handler: fake.answer)
        let source = AppStoreConnectBuildNumbers { policy in
            RetryingHTTPClient(transport: transport, clock: SkippingClock(now: clock.now), jitter: FixedJitter(unit: 0), policy: policy)
        }
        let environment = [
            "APP_STORE_CONNECT_API_KEY_KEY_ID": FakeAppStoreConnect.keyID,
            "APP_STORE_CONNECT_API_KEY_ISSUER_ID": FakeAppStoreConnect.issuerID, "APP_STORE_CONNECT_API_KEY_KEY": fake.pem,
        ]
        let (argv, context) = try await archive(
            ArchiveStepSettings(buildNumber: .appStoreConnect, endpoint: Template(fake.endpoint)), environment: environment,
            shell: ScriptedShellRunner(), buildNumbers: source)
        #expect(context.isDryRun)
        #expect(argv.last == "CURRENT_PROJECT_VERSION=10")
        #expect(fake.problems == [])
        #expect(!fake.apiCalls.isEmpty)
        #expect(fake.apiCalls.allSatisfy { $0.hasPrefix("GET ") }, "\(fake.apiCalls)")
        await fake.stop()
    }
}
