import Foundation
import NightshiftKit
import NightshiftTestSupport
import Testing

/// Issue #15: a `security delete-keychain` that hangs. Before the cleanup bound, the lane waited
/// for it as long as it hung (40 s here) and then reported `passed`.
@Suite("nightshift run with a hanging keychain cleanup, end to end")
struct CleanupTimeoutTests {
    @Test("the delete is stopped at cleanup_timeout; the lane fails, exit 1, naming the keychain and the command that removes it")
    func hangingDelete() async throws {
        let directory = try makeTemporaryDirectory()
        let lanes = SigningRunTests.lanes.replacingOccurrences(
            of: "    configuration: staging\n", with: "    configuration: staging\n    cleanup_timeout: 1s\n")
        #expect(lanes.contains("cleanup_timeout: 1s"))
        try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try await SigningFixtures.make(in: directory + "/signing", ["P12_PASSWORD": SigningRunTests.certificatePassword])
        let environment = [
            "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin",
            "HOME": directory + "/home",
            "CODESIGNING_PATH": directory + "/signing",
            "KEYCHAIN_NAME": "brewer-ci",
            "KEYCHAIN_PASSWORD": SigningRunTests.keychainPassword,
            "CERTIFICATE_PASSWORD": SigningRunTests.certificatePassword,
            "FAKE_SECURITY_HANG_DELETE": "40",
        ]
        let start = Date()
        let outcome = try await NightshiftBinary.run(["run", "developer-release"], in: directory, environment: environment)
        #expect(Date().timeIntervalSince(start) < 30, "the cleanup was not bounded")
        #expect(outcome.exitCode == 1)
        #expect((outcome.standardOutput + outcome.standardError).contains("reached its cleanup_timeout of 1s"))
        #expect(outcome.standardError.contains("left behind: the keychain "))
        #expect(outcome.standardError.contains("remove it with: security delete-keychain "))
        #expect(outcome.standardError.contains("brewer-ci.keychain-db"))
    }
}
