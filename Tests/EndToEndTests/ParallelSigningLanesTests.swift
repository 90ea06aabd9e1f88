import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// Issue #19: two signing lanes of one `nightshift run a b --parallel`, each with its own
/// keychain, share the user's search list within one process (the two-process case is
/// `ConcurrentSigningLanesTests`). The fake `security` pauses between reading the list and writing
/// it; the per-user lock of issue #9 must keep each lane's keychain on the list while its archive
/// signs (the fake xcodebuild fails "no identity found" otherwise) and cleanup must leave the
/// list exactly as it began.
@Suite("two signing lanes under --parallel, end to end", .temporaryDirectory)
struct ParallelSigningLanesTests {
    /// Ten: each round runs the strict fake xcodebuild (Python, about 0.3 s of CPU a call) three
    /// times a lane, and twenty rounds of it starved the rest of the suite on two cores; the old
    /// code failed 7 and 15 rounds of 20, so ten rounds still all but surely catch the race.
    static let rounds = 10

    /// `developer-release` twice over, as lanes `a` and `b`; with no keychain name, each lane's
    /// keychain lives in its own run folder.
    static var lanes: String {
        let head = SigningRunTests.lanes.components(separatedBy: "lanes:\n")[0]
            .replacingOccurrences(of: #"name: "${KEYCHAIN_NAME}", "#, with: "")
        return head + """
            lanes:
              a:
                configuration: staging
                steps: [package, { sh: echo "a signed", name: Announce }]
              b:
                configuration: staging
                steps: [package, { sh: echo "b signed", name: Announce }]
            """
    }

    /// A folder with the signing fixtures, `lanes` as lanes.yml, and a HOME whose fake search
    /// list holds the login keychain alone (`initial`).
    static func workspace(lanes: String) async throws -> (root: String, home: String, initial: String) {
        let root = try makeTemporaryDirectory()
        let home = root + "/home"
        try await BrewerFixture.prepare(in: root, password: SigningRunTests.certificatePassword)
        let initial = "\(home)/Library/Keychains/login.keychain-db\n"
        try FileManager.default.createDirectory(atPath: home + "/.fake-security", withIntermediateDirectories: true)
        try initial.write(toFile: home + "/.fake-security/search-list", atomically: true, encoding: .utf8)
        try lanes.write(toFile: root + "/lanes.yml", atomically: true, encoding: .utf8)
        return (root, home, initial)
    }

    @Test("10 rounds of run a b --parallel: both lanes pass every time and the search list ends exactly as it began")
    func twoLanesInOneProcess() async throws {
        let (root, home, initial) = try await Self.workspace(lanes: Self.lanes)
        defer { SigningFixtures.remove(root) }
        var failures: [String] = []
        for round in 1...Self.rounds {
            let outcome = try await NightshiftBinary.run(
                ["run", "a", "b", "--parallel"], in: root,
                environment: [
                    "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin", "HOME": home,
                    "FAKE_SECURITY_PAUSE": ConcurrentSigningLanesTests.pause,
                    "CODESIGNING_PATH": root + "/signing", "KEYCHAIN_PASSWORD": SigningRunTests.keychainPassword,
                    "CERTIFICATE_PASSWORD": SigningRunTests.certificatePassword,
                ])
            if outcome.exitCode != 0 || !outcome.standardOutput.contains("[a]     a signed")
                || !outcome.standardOutput.contains("[b]     b signed")
            {
                failures.append(
                    "round \(round): exit \(String(describing: outcome.exitCode))\n\(outcome.standardOutput)\(outcome.standardError)")
            }
            let list = try String(contentsOfFile: home + "/.fake-security/search-list", encoding: .utf8)
            if list != initial {
                failures.append("round \(round): search list ended as\n\(list)")
                try initial.write(toFile: home + "/.fake-security/search-list", atomically: true, encoding: .utf8)
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures; the first: \(failures.first ?? "")")
    }
}
