import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("ProfilesReport", .temporaryDirectory)
struct ProfilesReportTests {
    /// The report of the default configuration over fixtures made with `settings`, read with the
    /// real openssl, at `now` (by default `SigningTestContext`'s 2025-06-15).
    func report(
        _ settings: [String: String] = [:], lanesFile: LanesFile = SigningTestContext.lanesFile(),
        now: Date = Date(timeIntervalSince1970: 1_750_000_000)
    ) async throws -> (ProfilesReport.Output, SigningTestContext) {
        let root = try SigningFixtures.temporaryFolder()
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let test = SigningTestContext(root: root, shell: shell, now: now)
        try await SigningFixtures.make(
            in: test.signingFolder, ["P12_PASSWORD": SigningTestContext.certificatePassword].merging(settings) { _, new in new })
        let report = ProfilesReport(files: LocalSigningFileSystem(), inspector: P12Inspector(shell: test.shell))
        return (await report.render(lanesFile, environment: test.environment, now: test.clock.now), test)
    }

    @Test("lists each configuration's profile and certificate, and an error line for a missing file")
    func report() async throws {
        var missing = SigningTestContext.configuration()
        missing.name = "staging"
        missing.provisioningProfile = "staging"
        var lanesFile = SigningTestContext.lanesFile()
        lanesFile.configurations.append(missing)
        let (output, test) = try await report(["PROFILE_EXPIRY": "2025-07-15T15:06:40Z"], lanesFile: lanesFile)
        defer { SigningFixtures.remove(test.root) }
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(6)) == [
                "production",
                "  profile      Example AdHoc (6F1E3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6)",
                "  team         ABCDE12345",
                "  app id       ABCDE12345.com.example.app",
                "  expires      2025-07-15 (30 days left)",
                "  devices      2",
            ])
        #expect(lines[6].hasPrefix("  certificate  Apple Distribution: Example Corp (ABCDE12345), expires "))
        #expect(lines[7] == "staging")
        #expect(lines[8].hasPrefix("  certificate  Apple Distribution: Example Corp (ABCDE12345), expires "))
        #expect(lines[9] == "  error: provisioning profile not found: \(test.signingFolder)/staging.mobileprovision")
        #expect(lines.count == 10)
        #expect(output.hasProblems && !output.hasWarnings)
    }

    @Test(
        "a .p12 that refuses an empty password names the variable that left it empty, unset or blank, not a 'wrong' password",
        arguments: [
            (nil, "environment variable 'CERTIFICATE_PASSWORD' (codesigning.certificate_password) is not set"),
            ("", "environment variable 'CERTIFICATE_PASSWORD' (codesigning.certificate_password) is set but empty"),
        ] as [(String?, String)])
    func emptyCertificatePassword(value: String?, cause: String) async throws {
        let root = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(root) }
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let test = SigningTestContext(root: root, shell: shell, now: Date(timeIntervalSince1970: 1_750_000_000))
        try await SigningFixtures.make(in: test.signingFolder, ["P12_PASSWORD": SigningTestContext.certificatePassword])
        var environment = test.environment
        environment["CERTIFICATE_PASSWORD"] = value
        let report = ProfilesReport(files: LocalSigningFileSystem(), inspector: P12Inspector(shell: shell))
        let output = await report.render(SigningTestContext.lanesFile(), environment: environment, now: test.clock.now)
        #expect(
            output.text.contains(
                "  error: cannot open \(test.signingFolder)/distribution.p12 with an empty certificate password: \(cause)\n"),
            "\(output.text)")
        #expect(!output.text.contains("wrong certificate password"))
        #expect(output.hasProblems)
    }

    @Test("a profile without the .p12's certificate is an error, as run's preflight says")
    func certificateNotInProfile() async throws {
        let (output, test) = try await report(["OTHER_CERT": "1"])
        defer { SigningFixtures.remove(test.root) }
        #expect(
            output.text.contains(
                "  error: provisioning profile \(test.signingFolder)/distribution.mobileprovision does not include the certificate 'Apple Distribution: Example Corp (ABCDE12345)' of \(test.signingFolder)/distribution.p12\n"
            ))
        #expect(output.hasProblems)
    }

    @Test("a profile for another app, and an expired one, are errors; both are named at once")
    func appIdentifierMismatchAndExpiry() async throws {
        let (output, test) = try await report(["APP_ID": "ABCDE12345.com.other.*", "PROFILE_EXPIRY": "2020-01-01T00:00:00Z"])
        defer { SigningFixtures.remove(test.root) }
        #expect(output.text.contains("  expires      2020-01-01 (EXPIRED)\n"))
        #expect(
            output.text.contains(
                "  error: provisioning profile 'Example AdHoc' (\(test.signingFolder)/distribution.mobileprovision) expired on 2020-01-01\n"
            ))
        #expect(
            output.text.contains(
                "  error: provisioning profile \(test.signingFolder)/distribution.mobileprovision is for 'ABCDE12345.com.other.*', which does not cover app_identifier 'com.example.app'\n"
            ))
        #expect(output.hasProblems)
    }

    @Test("an expired certificate is an error, shown as EXPIRED")
    func expiredCertificate() async throws {
        // openssl dates certificates from the real time: a one-day certificate, seen three days on.
        let (output, test) = try await report(["CERT_DAYS": "1"], now: Date().addingTimeInterval(3 * 86_400))
        defer { SigningFixtures.remove(test.root) }
        #expect(output.text.contains(" (EXPIRED)\n  error: the certificate in \(test.signingFolder)/distribution.p12 expired on 20"))
        #expect(output.hasProblems)
    }

    @Test("a profile expiring within 14 days is a warning line, not a problem")
    func expiringSoon() async throws {
        let (output, test) = try await report(["PROFILE_EXPIRY": "2025-06-20T00:00:00Z"])
        defer { SigningFixtures.remove(test.root) }
        #expect(
            output.text.contains(
                "\n  warning: provisioning profile 'Example AdHoc' (\(test.signingFolder)/distribution.mobileprovision) expires on 2025-06-20, in 4 days\n"
            ))
        #expect(!output.text.contains("error:"))
        #expect(!output.hasProblems && output.hasWarnings)
    }
}
