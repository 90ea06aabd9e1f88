import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

extension Tag {
    /// Needs Apple's real `security`, `xcodebuild` and `xcrun`: runs only in the macOS smoke job.
    @Tag static var realMacTools: Self
}

/// Apple's real tools driven through nightshift (`scripts/macos-smoke`): a temporary keychain
/// created, unlocked, imported into, given its partition list, searched with find-identity and
/// removed, with the user's search list exactly as it was, after a passing and after a failing
/// lane; `nightshift profiles` on a generated profile; `xcodebuild -version` and
/// `xcrun altool --help` through `sh:` steps.
///
/// It changes the user's keychain search list while it runs, so it runs only where asked to
/// (`NIGHTSHIFT_REAL_TOOLS=1`, set by the macOS smoke job), and is reported as skipped, with
/// the reason, everywhere else: never silently green on Linux.
@Suite("Real macOS tools", .tags(.realMacTools))
struct RealMacToolsTests {
    static let requested = ProcessInfo.processInfo.environment["NIGHTSHIFT_REAL_TOOLS"] == "1"
    static let hasTools = ["/usr/bin/security", "/usr/bin/xcodebuild", "/usr/bin/xcrun"]
        .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "signing through a temporary keychain leaves the search list as it was, after success and failure",
        .enabled(if: hasTools, "needs macOS's security, xcodebuild and xcrun, which this machine does not have"),
        .enabled(if: requested, "changes the user's keychain search list: runs in the macOS smoke job (NIGHTSHIFT_REAL_TOOLS=1)"))
    func smoke() async throws {
        let script = SigningFixtures.repositoryRoot.appendingPathComponent("scripts/macos-smoke").path
        let binary =
            ProcessInfo.processInfo.environment["NIGHTSHIFT_BINARY"] ?? Bundle.main.bundleURL.appendingPathComponent("nightshift").path
        let runner = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment), gracePeriod: .seconds(10))
        let result = try await runner.capture(ShellCommand("/bin/bash", [script, binary]), forwarding: [.standardOutput, .standardError]) {
            _, bytes in
            FileHandle.standardError.write(Data(bytes))
        }
        #expect(result.termination == .exited(0), "\(result.standardOutput)\n\(result.standardError)")
        #expect(result.standardOutput.contains("macos-smoke: passed"))
    }
}
