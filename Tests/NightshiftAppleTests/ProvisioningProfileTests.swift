import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("Provisioning profiles and .p12 files made with the real openssl", .temporaryDirectory)
struct ProvisioningProfileTests {
    @Test("a CMS-signed profile is parsed in Swift: UUID, name, team, app id, expiry, devices, certificates")
    func parsesSyntheticProfile() async throws {
        let folder = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(folder) }
        try await SigningFixtures.make(
            in: folder,
            [
                "PROFILE_UUID": "UUID-1", "PROFILE_NAME": "Staging AdHoc", "DEVICES": "3",
                "APP_ID": "ABCDE12345.com.example.*", "PROFILE_EXPIRY": "2031-05-06T07:08:09Z",
            ])
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/distribution.mobileprovision"))
        let profile = try ProvisioningProfile(contentsOf: data)
        #expect(profile.uuid == "UUID-1")
        #expect(profile.name == "Staging AdHoc")
        #expect(profile.teamIdentifier == "ABCDE12345")
        #expect(profile.applicationIdentifier == "ABCDE12345.com.example.*")
        #expect(profile.bundleIdentifierPattern == "com.example.*")
        #expect(profile.expirationDate == ISO8601DateFormatter().date(from: "2031-05-06T07:08:09Z"))
        #expect(profile.provisionedDeviceCount == 3)
        #expect(profile.certificates.map(\.commonName) == ["Apple Distribution: Example Corp (ABCDE12345)"])
    }

    @Test("the profile lists the same certificate, by SHA-1, that openssl reads from the .p12")
    func certificateMatchesP12() async throws {
        let folder = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(folder) }
        try await SigningFixtures.make(in: folder, ["P12_PASSWORD": "pw-1234"])
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let identities = try await P12Inspector(shell: shell).identities(in: "\(folder)/distribution.p12", password: Secret("pw-1234"))
        let certificate = try #require(identities.only)
        let profile = try ProvisioningProfile(contentsOf: Data(contentsOf: URL(fileURLWithPath: "\(folder)/distribution.mobileprovision")))
        #expect(profile.certificates.map(\.sha1) == [certificate.sha1])
        #expect(certificate.sha1.count == 40)
        #expect(certificate.expiresAt > Date())
    }

    @Test("a .p12 made with the legacy algorithms opens through the -legacy retry")
    func legacyP12() async throws {
        let folder = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(folder) }
        try await SigningFixtures.make(in: folder, ["P12_PASSWORD": "pw-1234", "LEGACY": "1"])
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let identities = try await P12Inspector(shell: shell).identities(in: "\(folder)/distribution.p12", password: Secret("pw-1234"))
        #expect(identities.map(\.commonName) == ["Apple Distribution: Example Corp (ABCDE12345)"])
    }

    @Test("a wrong certificate password is reported as such, without the password")
    func wrongPassword() async throws {
        let folder = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(folder) }
        try await SigningFixtures.make(in: folder, ["P12_PASSWORD": "right-pw"])
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let p12 = "\(folder)/distribution.p12"
        await #expect(throws: SigningError.wrongCertificatePassword(p12: p12)) {
            _ = try await P12Inspector(shell: shell).identities(in: p12, password: Secret("wrong-pw"))
        }
    }

    @Test("a file that is not a profile gives a readable error")
    func garbage() {
        #expect(throws: ProvisioningProfile.Unreadable.self) {
            _ = try ProvisioningProfile(contentsOf: Data("not a profile".utf8))
        }
    }

    @Test(
        "application identifiers: exact, team wildcard, prefix wildcard",
        arguments: [
            ("ABCDE12345.com.example.app", "com.example.app", true),
            ("ABCDE12345.com.example.app", "com.example.other", false),
            ("ABCDE12345.*", "com.anything.at.all", true),
            ("ABCDE12345.com.example.*", "com.example.app.widget", true),
            ("ABCDE12345.com.example.*", "com.examples.app", false),
            ("ABCDE12345.com.example.*", "com.example.", false),
            ("ABCDE12345.com.example.app", "ABCDE12345.com.example.app", true),
        ])
    func appIdentifiers(profile: String, bundle: String, matches: Bool) {
        #expect(AppIdentifierPattern.matches(profile, team: "ABCDE12345", bundleIdentifier: bundle) == matches)
    }
}

private extension Array {
    /// The element of a one-element array.
    var only: Element? { count == 1 ? first : nil }
}
