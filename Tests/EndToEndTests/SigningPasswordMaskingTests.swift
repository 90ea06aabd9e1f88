import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// The codesigning passwords stay hidden even when the variables they come from have names
/// nothing would take for a secret (`P12_PASS`), and lanes.yml declares no `secrets:`.
@Suite("codesigning passwords are masked whatever their variables are called", .temporaryDirectory)
struct SigningPasswordMaskingTests {
    static let lanes = """
        project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
        codesigning:
          path: ${CODESIGNING_PATH}
          certificate_password: ${P12_PASS}
          keychain: { name: brewer-ci, password: "${KC_PASS}" }
        configurations:
          staging: { certificate: distribution, provisioning_profile: distribution, build_configuration: Staging,
                     app_identifier: works.sth.brewer.staging, export_method: ad-hoc }
        lanes:
          developer-release:
            configuration: staging
            steps:
              - package
        """
    static let certificatePassword = "plain-named-p12-pw"
    static let keychainPassword = "plain-named-kc-pw"

    func run(_ arguments: [String]) async throws -> (directory: String, outcome: NightshiftBinary.Outcome) {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try await BrewerFixture.prepare(in: directory, password: Self.certificatePassword)
        let outcome = try await NightshiftBinary.run(
            ["run", "developer-release"] + arguments, in: directory,
            environment: [
                "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin", "NIGHTSHIFT_FAKE_LOG": directory + "/fake.log",
                "CODESIGNING_PATH": directory + "/signing", "P12_PASS": Self.certificatePassword, "KC_PASS": Self.keychainPassword,
            ])
        return (directory, outcome)
    }

    /// Every file the run left under `.nightshift` (step logs, reports), as text.
    static func runFiles(in directory: String) -> [String: String] {
        let root = directory + "/.nightshift"
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return Dictionary(
            uniqueKeysWithValues: paths.compactMap { path in
                (try? String(contentsOfFile: "\(root)/\(path)", encoding: .utf8)).map { (path, $0) }
            })
    }

    static func expectNoPasswords(in text: String, _ where: String) {
        for password in [certificatePassword, keychainPassword] {
            #expect(!text.contains(password), "\(password) shown in \(`where`)")
        }
    }

    @Test("the dry run prints the import and keychain commands with the passwords masked")
    func dryRun() async throws {
        let (directory, outcome) = try await run(["--dry-run"])
        defer { SigningFixtures.remove(directory) }
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.contains(" -f pkcs12 -P ******** -T /usr/bin/codesign"))
        Self.expectNoPasswords(in: outcome.standardOutput + outcome.standardError, "the dry run's output")
    }

    @Test("a real run with the fake tools shows neither password on the terminal nor in the step logs")
    func realRun() async throws {
        let (directory, outcome) = try await run(["--verbose"])
        defer { SigningFixtures.remove(directory) }
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.contains(" -f pkcs12 -P ******** -T /usr/bin/codesign"))
        Self.expectNoPasswords(in: outcome.standardOutput + outcome.standardError, "the run's output")
        let files = Self.runFiles(in: directory)
        #expect(files.keys.contains { $0.hasSuffix(".log") })
        for (path, text) in files { Self.expectNoPasswords(in: text, path) }
        // The fake security did get the password, on stdin: the masking hid it, nothing lost it.
        let fakeLog = try String(contentsOfFile: directory + "/fake.log", encoding: .utf8)
        #expect(fakeLog.contains("\"-P\" \"\(Self.certificatePassword)\""))
    }
}
