import Foundation
import NightshiftCore
import NightshiftScheduling
import NightshiftTestSupport
import Testing

/// Issue #15: a `security delete-keychain` that hangs. Before the cleanup bound, the lane waited
/// for it as long as it hung (300 s here) and then reported `passed`. The bounds the tests check
/// are far below the hang and far above the work: a full `swift test` on two cores has starved
/// a run of these for over 30 s (the suites beside it block the cooperative threads).
@Suite("nightshift run with a hanging keychain cleanup, end to end", .temporaryDirectory)
struct CleanupTimeoutTests {
    @Test("the delete is stopped at cleanup_timeout; the lane fails, exit 1, naming the keychain and the command that removes it")
    func hangingDelete() async throws {
        let directory = try makeTemporaryDirectory()
        let lanes = SigningRunTests.lanes.replacingOccurrences(
            of: "    configuration: staging\n", with: "    configuration: staging\n    cleanup_timeout: 1s\n")
        #expect(lanes.contains("cleanup_timeout: 1s"))
        try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try await BrewerFixture.prepare(in: directory, password: SigningRunTests.certificatePassword)
        let environment = Self.environment(in: directory)
        let start = Date()
        let outcome = try await NightshiftBinary.run(["run", "developer-release"], in: directory, environment: environment)
        #expect(Date().timeIntervalSince(start) < 120, "the cleanup was not bounded")
        #expect(outcome.exitCode == 1)
        #expect((outcome.standardOutput + outcome.standardError).contains("reached its cleanup_timeout of 1s"))
        #expect(outcome.standardError.contains("left behind: the keychain "))
        #expect(outcome.standardError.contains("remove it with: security delete-keychain "))
        #expect(outcome.standardError.contains("brewer-ci.keychain-db"))
    }
}

extension CleanupTimeoutTests {
    @Test("a second SIGTERM during the hanging delete stops it: exit 143 at once, naming the keychain left behind")
    func secondSignalDuringCleanup() async throws {
        let directory = try makeTemporaryDirectory()
        let lanes = SigningRunTests.lanes + "\n      - sh: echo $PPID > nightshift.pid; sleep 300\n"
        try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try await BrewerFixture.prepare(in: directory, password: SigningRunTests.certificatePassword)
        let log = directory + "/fake.log"
        let environment = Self.environment(in: directory, extra: ["NIGHTSHIFT_FAKE_LOG": log])
        async let outcome = NightshiftBinary.run(["run", "developer-release"], in: directory, environment: environment)
        // Signing comes first (openssl, the fake tools), which under load takes a while.
        guard let pid = try? await SignalTests.waitForPID(in: directory + "/nightshift.pid") else {
            let result = try await outcome
            Issue.record("the step never started: \(result.standardOutput)\n\(result.standardError)")
            return
        }
        let deletesBefore = Self.deletes(in: log)
        kill(pid, SIGTERM)
        // The fake logs its argv before it hangs: the cleanup's delete has started (a real
        // process's pace: real time).
        await waitUntil("the cleanup's delete starts", checkingEvery: .milliseconds(25)) { Self.deletes(in: log) != deletesBefore }
        let secondSignal = Date()
        kill(pid, SIGTERM)
        let result = try await outcome
        // Not shortened, the cleanup would end at the default cleanup_timeout of 2m.
        #expect(Date().timeIntervalSince(secondSignal) < 60, "the second signal did not shorten the cleanup")
        #expect(result.exitCode == 143)
        #expect(result.standardError.contains("remove it with: security delete-keychain "))
    }

    /// The signing lane's variables, with a `security delete-keychain` that hangs for 300 s.
    static func environment(in directory: String, extra: [String: String] = [:]) -> [String: String] {
        [
            "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin",
            "HOME": directory + "/home",
            "CODESIGNING_PATH": directory + "/signing",
            "KEYCHAIN_NAME": "brewer-ci",
            "KEYCHAIN_PASSWORD": SigningRunTests.keychainPassword,
            "CERTIFICATE_PASSWORD": SigningRunTests.certificatePassword,
            "FAKE_SECURITY_HANG_DELETE": "300",
        ].merging(extra) { _, new in new }
    }

    static func deletes(in log: String) -> Int {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").components(separatedBy: "delete-keychain").count - 1
    }
}
