import Foundation
import NightshiftApple
import NightshiftCore
import NightshiftTestSupport
import Testing

/// `nightshift run` of a signing lane, the real binary with the fake `security` and `xcodebuild`
/// first on PATH (they log their argv and make what the real tools make) and the real openssl.
@Suite("nightshift run with signing, end to end", .temporaryDirectory)
struct SigningRunTests {
    static let lanes = """
        project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
        secrets: [KEYCHAIN_PASSWORD, CERTIFICATE_PASSWORD]
        codesigning:
          path: ${CODESIGNING_PATH}
          certificate_password: ${CERTIFICATE_PASSWORD}
          keychain: { name: "${KEYCHAIN_NAME}", password: "${KEYCHAIN_PASSWORD}" }
        configurations:
          staging: { certificate: distribution, provisioning_profile: distribution, build_configuration: Staging,
                     app_identifier: works.sth.brewer.staging, export_method: ad-hoc }
        lanes:
          developer-release:
            configuration: staging
            steps:
              - package
              - sh: echo "ipa at $NIGHTSHIFT_IPA_PATH"
                name: Announce
        """
    static let keychainPassword = "kc-Pa55-word"
    static let certificatePassword = "p12-Pa55-word"

    struct Run {
        var directory: String
        var outcome: NightshiftBinary.Outcome
        var records: [[String]]
        var searchList: String
        var home: String { directory + "/home" }
    }

    func run(_ arguments: [String] = [], failing: String? = nil) async throws -> Run {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try await BrewerFixture.prepare(in: directory, password: Self.certificatePassword)
        let log = directory + "/fake.log"
        var environment = [
            "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin",
            "NIGHTSHIFT_FAKE_LOG": log,
            "CODESIGNING_PATH": directory + "/signing",
            "KEYCHAIN_NAME": "brewer-ci",
            "KEYCHAIN_PASSWORD": Self.keychainPassword,
            "CERTIFICATE_PASSWORD": Self.certificatePassword,
        ]
        environment["HOME"] = directory + "/home"
        if let failing { environment["FAKE_XCODEBUILD_FAIL"] = failing }
        let outcome = try await NightshiftBinary.run(["run", "developer-release"] + arguments, in: directory, environment: environment)
        let records = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        let searchList = try String(contentsOfFile: directory + "/home/.fake-security/search-list", encoding: .utf8)
        return Run(directory: directory, outcome: outcome, records: records, searchList: searchList)
    }

    @Test("package signs, archives and exports the .ipa, then deletes the keychain and restores the search list")
    func success() async throws {
        let run = try await run()
        defer { SigningFixtures.remove(run.directory) }
        #expect(run.outcome.exitCode == 0, "\(run.outcome.standardOutput)\(run.outcome.standardError)")
        let tools = run.records.map { $0.first ?? "" }
        #expect(tools.contains("xcodebuild"))
        #expect(run.records.contains { $0.contains("archive") && $0.contains("Staging") })
        #expect(run.records.contains { $0.contains("-exportArchive") })
        #expect(run.records.last?.prefix(2) == ["security", "delete-keychain"])
        #expect(run.records.last?.last?.hasSuffix("brewer-ci.keychain-db") == true || run.records.last?.last == "brewer-ci")
        #expect(run.searchList == "\(run.home)/Library/Keychains/login.keychain-db\n")
        let ipa = run.outcome.standardOutput.components(separatedBy: "ipa at ").dropFirst().first?.prefix { $0 != "\n" }
        #expect(ipa.map { FileManager.default.fileExists(atPath: String($0)) } == true)
        #expect(ipa?.hasSuffix("Brewer.ipa") == true)
        Self.expectNoSecrets(in: run)
    }

    @Test("a failed archive exits 1, runs no export, and still deletes the keychain and restores the search list")
    func archiveFailure() async throws {
        let run = try await run(failing: "archive")
        defer { SigningFixtures.remove(run.directory) }
        #expect(run.outcome.exitCode == 1)
        #expect(!run.records.contains { $0.contains("-exportArchive") })
        #expect(!run.outcome.standardOutput.contains("ipa at"))
        #expect(run.records.last?.prefix(2) == ["security", "delete-keychain"])
        #expect(run.searchList == "\(run.home)/Library/Keychains/login.keychain-db\n")
        Self.expectNoSecrets(in: run)
    }

    @Test("a wrong certificate password fails before any keychain or xcodebuild command, exit 1")
    func wrongPassword() async throws {
        let directory = try makeTemporaryDirectory()
        defer { SigningFixtures.remove(directory) }
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try await BrewerFixture.makeSigning(in: directory + "/signing", password: "another-one")
        let log = directory + "/fake.log"
        let outcome = try await NightshiftBinary.run(
            ["run", "developer-release"], in: directory,
            environment: [
                "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin", "NIGHTSHIFT_FAKE_LOG": log,
                "CODESIGNING_PATH": directory + "/signing", "KEYCHAIN_NAME": "brewer-ci",
                "KEYCHAIN_PASSWORD": Self.keychainPassword, "CERTIFICATE_PASSWORD": Self.certificatePassword,
            ])
        #expect(outcome.exitCode != 0)
        #expect(outcome.standardOutput.contains("distribution.p12"))
        #expect(!FileManager.default.fileExists(atPath: log))
        #expect(!outcome.standardOutput.contains(Self.certificatePassword))
    }

    @Test("profiles lists the configuration's profile, team, app id and expiry")
    func profiles() async throws {
        let directory = try makeTemporaryDirectory()
        defer { SigningFixtures.remove(directory) }
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try await BrewerFixture.makeSigning(in: directory + "/signing", password: Self.certificatePassword)
        let outcome = try await NightshiftBinary.run(
            ["profiles"], in: directory,
            environment: [
                "CODESIGNING_PATH": directory + "/signing", "KEYCHAIN_NAME": "brewer-ci",
                "KEYCHAIN_PASSWORD": Self.keychainPassword, "CERTIFICATE_PASSWORD": Self.certificatePassword,
            ])
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("staging\n"))
        #expect(outcome.standardOutput.contains("Brewer Staging (6F1E3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6)"))
        #expect(outcome.standardOutput.contains("ABCDE12345"))
        #expect(outcome.standardOutput.contains("2035-01-01"))
    }

    @Test("profiles exits 1 when the profile lacks the configuration's certificate, 0 with a warning when it expires within 14 days")
    func profilesExitCodes() async throws {
        let soon = ISO8601DateFormatter().string(from: Date().addingTimeInterval(5 * 86_400))
        for (settings, exitCode, expected) in [
            (["OTHER_CERT": "1"], Int32(1), "error: provisioning profile "),
            (["PROFILE_EXPIRY": soon], Int32(0), "warning: provisioning profile 'Brewer Staging' "),
        ] {
            let directory = try makeTemporaryDirectory()
            defer { SigningFixtures.remove(directory) }
            try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
            try await BrewerFixture.makeSigning(in: directory + "/signing", password: Self.certificatePassword, settings: settings)
            let outcome = try await NightshiftBinary.run(
                ["profiles"], in: directory,
                environment: [
                    "CODESIGNING_PATH": directory + "/signing", "KEYCHAIN_NAME": "brewer-ci",
                    "KEYCHAIN_PASSWORD": Self.keychainPassword, "CERTIFICATE_PASSWORD": Self.certificatePassword,
                ])
            #expect(outcome.exitCode == exitCode, "\(settings): \(outcome.standardOutput)\(outcome.standardError)")
            #expect(outcome.standardOutput.contains("\n  \(expected)"), "\(outcome.standardOutput)")
        }
    }

    static func expectNoSecrets(in run: Run) {
        for secret in [keychainPassword, certificatePassword] {
            #expect(!run.outcome.standardOutput.contains(secret))
            #expect(!run.outcome.standardError.contains(secret))
        }
    }
}
