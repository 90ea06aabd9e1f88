import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// Issue #14 §5: two signing lanes of one user at once (`nightshift schedule` firing lanes that are
/// due together, a Jenkins agent with two executors) share the user's keychain search list. Two
/// real `nightshift run` processes with one HOME, and a fake `security` that pauses between
/// reading the list and writing it, so that without the lock each run's write drops the other's
/// keychain (and its archive fails with "no identity found") and cleanup writes back a stale list.
/// Each lane runs `developer-release` of `SigningRunTests` (package, then a shell step).
@Suite("two signing lanes of one user at the same time, end to end", .temporaryDirectory)
struct ConcurrentSigningLanesTests {
    /// Ten: each round runs the strict fake xcodebuild (Python, about 0.3 s of CPU a call) three
    /// times a lane, and twenty rounds of it starved the rest of the suite on two cores; the old
    /// code failed 7 and 15 rounds of 20, so ten rounds still all but surely catch the race.
    static let rounds = 10
    /// Seconds the fake sleeps after reading the list and before writing it. Without the lock,
    /// 0.02 already made the old code fail in two tries out of two (7 and 15 failed runs or
    /// rounds); with it, the rounds take about 1 s each alone.
    static let pause = "0.02"

    @Test("10 rounds of two lanes at once: every run passes and the search list ends exactly as it began")
    func twoLanesAtOnce() async throws {
        let root = try makeTemporaryDirectory()
        defer { SigningFixtures.remove(root) }
        let home = root + "/home"
        try await BrewerFixture.makeSigning(in: root + "/signing", password: SigningRunTests.certificatePassword)
        // The user's list before any run: the login keychain and one of the user's own, in this order.
        let initial = ["\(home)/Library/Keychains/login.keychain-db", "\(home)/Library/Keychains/tools.keychain-db"]
        try FileManager.default.createDirectory(atPath: home + "/.fake-security", withIntermediateDirectories: true)
        try (initial.joined(separator: "\n") + "\n").write(toFile: home + "/.fake-security/search-list", atomically: true, encoding: .utf8)
        let lanes = ["a", "b"]
        for lane in lanes {
            try BrewerFixture.copyProject(into: "\(root)/\(lane)")
            try SigningRunTests.lanes.write(toFile: "\(root)/\(lane)/lanes.yml", atomically: true, encoding: .utf8)
        }

        var failures: [String] = []
        for round in 1...Self.rounds {
            let outcomes = try await withThrowingTaskGroup(of: (String, NightshiftBinary.Outcome).self) { group in
                for lane in lanes {
                    group.addTask { (lane, try await Self.run(lane: lane, root: root, home: home)) }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            for (lane, outcome) in outcomes.sorted(by: { $0.key < $1.key }) where outcome.exitCode != 0 {
                failures.append(
                    "round \(round), lane \(lane): exit \(String(describing: outcome.exitCode))\n\(outcome.standardOutput)\(outcome.standardError)"
                )
            }
            let list = try String(contentsOfFile: home + "/.fake-security/search-list", encoding: .utf8)
            if list != initial.joined(separator: "\n") + "\n" {
                failures.append("round \(round): search list ended as\n\(list)")
                try (initial.joined(separator: "\n") + "\n").write(
                    toFile: home + "/.fake-security/search-list", atomically: true, encoding: .utf8)
            }
        }
        let failedRuns = failures.filter { $0.contains(", lane ") }.count
        #expect(
            failures.isEmpty,
            "\(failedRuns) lane runs failed, \(failures.count - failedRuns) rounds ended with another search list; the first: \(failures.first ?? "")"
        )
        // Both lanes installed the same five profiles (one per signed bundle) at once: only the
        // finished files are there, no temporary one.
        let installed = try FileManager.default.contentsOfDirectory(atPath: home + "/Library/MobileDevice/Provisioning Profiles")
        #expect(installed.count == 5 && installed.allSatisfy { $0.hasSuffix(".mobileprovision") }, "\(installed)")
    }

    static func run(lane: String, root: String, home: String) async throws -> NightshiftBinary.Outcome {
        try await NightshiftBinary.run(
            ["run", "developer-release"], in: "\(root)/\(lane)",
            environment: [
                "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin",
                "HOME": home,
                "FAKE_SECURITY_PAUSE": pause,
                "CODESIGNING_PATH": root + "/signing",
                "KEYCHAIN_NAME": "lane-\(lane)",
                "KEYCHAIN_PASSWORD": SigningRunTests.keychainPassword,
                "CERTIFICATE_PASSWORD": SigningRunTests.certificatePassword,
            ])
    }
}
