import Foundation
import NightshiftTestSupport
import Testing

/// `nightshift doctor` through the binary, with the strict fake `security` and signing files the
/// real openssl made: present and ready, missing, expired, expiring, issued by a retired
/// intermediate, or by a current one this machine does not have.
@Suite("nightshift doctor, end to end", .temporaryDirectory)
struct DoctorCommandTests {
    static let password = "doctor-Pa55-word"
    static let lanes = """
        project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
        secrets: [CERTIFICATE_PASSWORD]
        codesigning: { path: signing, certificate_password: "${CERTIFICATE_PASSWORD}" }
        configurations:
          production: { certificate: distribution, provisioning_profile: distribution, build_configuration: Production,
                        app_identifier: works.sth.brewer.production, export_method: app-store, team_id: ABCDE12345 }
        lanes:
          beta: { configuration: production, steps: [ package, { upload: { to: testflight } } ] }
          lint: { steps: [ { sh: swiftlint } ] }
        """
    static let credentials = [
        "APP_STORE_CONNECT_API_KEY_KEY_ID": "ABC123DEFG", "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "00000000-0000-0000-0000-000000000000",
        "APP_STORE_CONNECT_API_KEY_KEY": "not-a-real-key",
    ]

    /// A folder with lanes.yml and, unless `signing` is nil, signing files made with those settings;
    /// `installIssuer` puts the certificate's issuer in the login keychain.
    static func folder(signing: [String: String]? = [:], installIssuer: Bool = true) async throws -> String {
        let directory = try makeTemporaryDirectory()
        try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let keychains = directory + "/home/Library/Keychains"
        try FileManager.default.createDirectory(atPath: keychains, withIntermediateDirectories: true)
        var login = ""
        if let signing {
            let settings = [
                "P12_PASSWORD": password, "APP_ID": "ABCDE12345.works.sth.brewer.production", "PROFILE_KIND": "app-store",
                "PROFILE_NAME": "Brewer AppStore",
            ].merging(signing) { _, new in new }
            _ = try await SigningFixtures.make(in: directory + "/signing", settings)
            let issuer = directory + "/signing/distribution-issuer.pem"
            if installIssuer, FileManager.default.fileExists(atPath: issuer) { login = "certificate \(issuer)\n" }
        }
        try login.write(toFile: keychains + "/login.keychain-db", atomically: true, encoding: .utf8)
        return directory
    }

    static func doctor(_ arguments: [String] = [], in directory: String, environment: [String: String] = credentials) async throws
        -> NightshiftBinary.Outcome
    {
        try await NightshiftBinary.run(
            ["doctor"] + arguments, in: directory,
            environment: [
                "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin", "HOME": directory + "/home", "CERTIFICATE_PASSWORD": password,
            ].merging(environment) { _, new in new })
    }

    @Test("Ready: every variable set, the files present and matching, issued by WWDR G3, which the keychain holds")
    func ready() async throws {
        let directory = try await Self.folder(signing: ["ISSUER_UNIT": "G3"])
        let outcome = try await Self.doctor(in: directory)
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let text = outcome.standardOutput
        for line in [
            "✓ variables: every variable the lanes read is set",
            "✓ signing files of configuration 'production': certificate Apple Distribution: Example Corp (ABCDE12345) and profile 'Brewer AppStore' present, readable and matching",
            "✓ intermediate of Apple Distribution: Example Corp (ABCDE12345): issued by WWDR G3",
            "✓ Apple intermediate WWDR G3: installed",
            "✓ keychain search list: 1 keychain, each present",
            "✓ Xcode: no 'xcode:' in force: the tools use this machine's selected Xcode (xcode-select -p)",
            "✓ simulator runtimes: no test step runs on a simulator",
        ] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
        #expect(text.hasSuffix("\nready\n") || text.contains("\nready ("), "\(text)")
        #expect(!text.contains(Self.password))
        let json = try await Self.doctor(["--json"], in: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["ready"] as? Bool == true)
        #expect((object["checks"] as? [[String: Any]])?.contains { $0["subject"] as? String == "variables" } == true)
    }

    @Test("Not ready: the variables unset (named, never their values) and the signing files missing")
    func missingEverything() async throws {
        let directory = try await Self.folder(signing: nil)
        let outcome = try await Self.doctor(in: directory, environment: ["APP_STORE_CONNECT_API_KEY_KEY_ID": "ABC123DEFG"])
        #expect(outcome.exitCode == 1)
        let text = outcome.standardOutput
        #expect(
            text.contains(
                "✗ variables: not set: APP_STORE_CONNECT_API_KEY_ISSUER_ID (lane beta), APP_STORE_CONNECT_API_KEY_KEY or APP_STORE_CONNECT_API_KEY_KEY_FILEPATH (lane beta)"
            ),
            "\(text)")
        #expect(text.contains("✗ signing files of configuration 'production': "), "\(text)")
        #expect(text.contains("not found"), "\(text)")
        #expect(text.contains("    fix: "))
        #expect(text.contains("\nnot ready: 2 problems"), "\(text)")
        #expect(!text.contains("ABC123DEFG"))
        // One lane: only what it reads.
        let lint = try await Self.doctor(["lint"], in: directory, environment: [:])
        #expect(lint.exitCode == 0, "\(lint.standardOutput)")
        #expect(lint.standardOutput.contains("✓ variables: the lanes read none from outside"))
        #expect(!lint.standardOutput.contains("signing files"))
    }

    @Test("An expired profile fails; a certificate expiring within 30 days is a warning")
    func expiry() async throws {
        let expired = try await Self.folder(signing: ["ISSUER_UNIT": "G3", "PROFILE_EXPIRY": "2020-01-01T00:00:00Z"])
        let failed = try await Self.doctor(in: expired)
        #expect(failed.exitCode == 1)
        #expect(failed.standardOutput.contains("expired on 2020-01-01"), "\(failed.standardOutput)")
        let soon = try await Self.folder(signing: ["ISSUER_UNIT": "G3", "CERT_DAYS": "10"])
        let warned = try await Self.doctor(in: soon)
        #expect(warned.exitCode == 0, "\(warned.standardOutput)")
        #expect(
            warned.standardOutput.contains(
                "! signing files of configuration 'production': certificate Apple Distribution: Example Corp (ABCDE12345) expires on "),
            "\(warned.standardOutput)")
    }

    @Test("A certificate of the retired WWDR G1 fails; a current intermediate missing from the keychains fails with its download")
    func intermediates() async throws {
        let retired = try await Self.folder(signing: ["ISSUER_UNIT": "Apple Worldwide Developer Relations"])
        let old = try await Self.doctor(in: retired)
        #expect(old.exitCode == 1)
        #expect(
            old.standardOutput.contains(
                "✗ intermediate of Apple Distribution: Example Corp (ABCDE12345): issued by WWDR G1, which Apple retired"))
        let developerID = try await Self.folder(
            signing: ["ISSUER_UNIT": "G2", "ISSUER_NAME": "Developer ID Certification Authority"], installIssuer: false)
        let missing = try await Self.doctor(in: developerID)
        #expect(missing.exitCode == 1)
        #expect(missing.standardOutput.contains("✗ Apple intermediate Developer ID G2: not in any keychain on the search list"))
        #expect(missing.standardOutput.contains("DeveloperIDG2CA.cer from https://www.apple.com/certificateauthority/"))
    }
}
