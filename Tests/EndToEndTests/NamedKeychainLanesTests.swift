import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// Issue #26 §7: two signing lanes with one named keychain (`keychain: { name: … }`, as the
/// README's example and the bundled lanes.yml) under `--parallel`, or as two processes, deleted
/// each other's keychain: both archives failed and cleanup warned of a keychain left behind. The
/// keychain is now held by one run at a time, the other waiting; the fake `security` pauses
/// between reading the search list and writing it, as in `ConcurrentSigningLanesTests`.
@Suite("two signing lanes with one named keychain, end to end", .temporaryDirectory)
struct NamedKeychainLanesTests {
    static let rounds = 3

    static func environment(root: String, home: String) -> [String: String] {
        [
            "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin", "HOME": home,
            "FAKE_SECURITY_PAUSE": ConcurrentSigningLanesTests.pause, "CODESIGNING_PATH": root + "/signing",
            "KEYCHAIN_NAME": "shared", "KEYCHAIN_PASSWORD": SigningRunTests.keychainPassword,
            "CERTIFICATE_PASSWORD": SigningRunTests.certificatePassword,
        ]
    }

    /// The signing settings of `SigningRunTests`, keychain name kept, with lanes `a` and `b`.
    static var lanes: String {
        ParallelSigningLanesTests.lanes.replacingOccurrences(
            of: #"keychain: { password: "${KEYCHAIN_PASSWORD}" }"#,
            with: #"keychain: { name: "${KEYCHAIN_NAME}", password: "${KEYCHAIN_PASSWORD}" }"#)
    }

    @Test("run a b --parallel with one named keychain: the second lane waits for it, both pass, the list ends as it began")
    func parallel() async throws {
        let (root, home, initial) = try await ParallelSigningLanesTests.workspace(lanes: Self.lanes)
        defer { SigningFixtures.remove(root) }
        #expect(Self.lanes.contains(#"name: "${KEYCHAIN_NAME}""#))
        for round in 1...Self.rounds {
            let outcome = try await NightshiftBinary.run(
                ["run", "a", "b", "--parallel"], in: root, environment: Self.environment(root: root, home: home))
            let shown = outcome.standardOutput + outcome.standardError
            #expect(outcome.exitCode == 0, "round \(round): \(shown)")
            #expect(shown.contains("[a]     a signed") && shown.contains("[b]     b signed"), "round \(round): \(shown)")
            #expect(shown.contains("waits for keychain \(home)/Library/Keychains/shared.keychain-db, held by lane '"), "\(shown)")
            #expect(!shown.contains("left behind") && !shown.contains("remove it with"), "\(shown)")
            #expect(try String(contentsOfFile: home + "/.fake-security/search-list", encoding: .utf8) == initial)
        }
    }

    @Test("two processes with one named keychain: each waits its turn, both pass, the list ends as it began")
    func twoProcesses() async throws {
        let (root, home, initial) = try await ParallelSigningLanesTests.workspace(lanes: Self.lanes)
        defer { SigningFixtures.remove(root) }
        for round in 1...Self.rounds {
            let outcomes = try await withThrowingTaskGroup(of: NightshiftBinary.Outcome.self) { group in
                for lane in ["a", "b"] {
                    group.addTask {
                        try await NightshiftBinary.run(["run", lane], in: root, environment: Self.environment(root: root, home: home))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for outcome in outcomes {
                let shown = outcome.standardOutput + outcome.standardError
                #expect(outcome.exitCode == 0, "round \(round): \(shown)")
                #expect(!shown.contains("remove it with"), "\(shown)")
            }
            #expect(try String(contentsOfFile: home + "/.fake-security/search-list", encoding: .utf8) == initial)
        }
    }
}
