import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// The performer against real processes: the fake `security` and `xcodebuild` of the end-to-end
/// tests first on PATH, the real openssl behind them.
@Suite("Signing with the fake tools on PATH", .temporaryDirectory)
struct FakeToolsIntegrationTests {
    func run(failing: String?, condensed: CapturingOutput? = nil) async throws -> (SigningTestContext, [[String]], Termination) {
        let root = try SigningFixtures.temporaryFolder()
        let log = "\(root)/fake.log"
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "\(SigningFixtures.fakeTools):\(environment["PATH"] ?? "/usr/bin:/bin")"
        environment["NIGHTSHIFT_FAKE_LOG"] = log
        environment["HOME"] = "\(root)/home"
        if let failing { environment["FAKE_XCODEBUILD_FAIL"] = failing }
        let test = SigningTestContext(root: root, shell: ProcessShellRunner(environment: EnvironmentVariables(environment)))
        try await BrewerFixture.makeSigning(in: test.signingFolder, password: SigningTestContext.certificatePassword)
        let lock = UserSearchListLock(home: test.home, clock: SystemClock())
        let performer = SigningStepPerformer(
            files: LocalSigningFileSystem(), makeKeychainImporter: { SecurityKeychainImporter(shell: $0, searchListLock: lock) })
        var context = test.context(for: .package, lanesFile: try test.brewerLanesFile())
        if let condensed { context.emitCondensed = { channel, bytes in await condensed.append(channel, bytes) } }
        try await performer.preflight([Step(.package)], in: context)
        let termination = try await performer.perform(Step(.package), in: context)
        try await test.runCleanup()
        return (test, try Self.records(log), termination)
    }

    static func records(_ log: String) throws -> [[String]] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    @Test("package builds the .ipa and leaves the search list as it found it")
    func success() async throws {
        let (test, records, termination) = try await run(failing: nil)
        defer { SigningFixtures.remove(test.root) }
        #expect(termination == .exited(0))
        #expect(FileManager.default.fileExists(atPath: "\(test.folders.output)/Brewer.ipa"))
        #expect(FileManager.default.fileExists(atPath: "\(test.folders.output)/Brewer.xcarchive/Info.plist"))
        #expect(records.contains { $0.first == "security<stdin>" && $0[1].hasPrefix("\"create-keychain\"") })
        #expect(records.last == ["security", "delete-keychain", test.keychainPath])
        let searchList = try String(contentsOfFile: "\(test.home)/.fake-security/search-list", encoding: .utf8)
        #expect(searchList == "\(test.home)/Library/Keychains/login.keychain-db\n")
        #expect(!FileManager.default.fileExists(atPath: test.keychainPath))
        #expect(await !test.output.all.contains(SigningTestContext.keychainPassword))
        // The log says what ran, as the dry run would have printed it.
        #expect(await test.output.all.contains("$ xcodebuild archive -workspace \(test.root)/Brewer.xcworkspace -scheme Brewer"))
        #expect(await test.output.all.contains("$ xcodebuild -exportArchive -archivePath "))
    }

    @Test("when xcodebuild archive fails, the keychain is still deleted and the search list restored")
    func archiveFailure() async throws {
        let (test, records, termination) = try await run(failing: "archive")
        defer { SigningFixtures.remove(test.root) }
        #expect(termination == .exited(65))
        #expect(!records.contains { $0.contains("-exportArchive") })
        #expect(records.last == ["security", "delete-keychain", test.keychainPath])
        #expect(!FileManager.default.fileExists(atPath: test.keychainPath))
        #expect(await test.output.all.contains("error: cannot find 'y' in scope"))
    }

    @Test("xcodebuild's output goes where the run condenses tool output; the keychain commands' does not")
    func xcodebuildOutputIsCondensable() async throws {
        let condensed = CapturingOutput()
        let (test, _, termination) = try await run(failing: nil, condensed: condensed)
        defer { SigningFixtures.remove(test.root) }
        #expect(termination == .exited(0))
        let shown = await condensed.all
        #expect(shown.contains("SwiftCompile normal arm64 /src/App/AppDelegate.swift"))
        #expect(shown.contains("** ARCHIVE SUCCEEDED **") && shown.contains("** EXPORT SUCCEEDED **"))
        #expect(!shown.contains("security"))
        #expect(await !test.output.all.contains("SwiftCompile"))
    }
}
