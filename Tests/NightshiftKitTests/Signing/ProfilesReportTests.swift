import Foundation
import NightshiftKit
import NightshiftTestSupport
import Testing

@Suite("ProfilesReport")
struct ProfilesReportTests {
    @Test("lists each configuration's profile and certificate, and an error line for a missing file")
    func report() async throws {
        let root = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(root) }
        let test = SigningTestContext(root: root, shell: SubprocessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment)))
        try SigningFixtures.make(in: test.signingFolder, ["P12_PASSWORD": SigningTestContext.certificatePassword,
                                                          "PROFILE_EXPIRY": "2025-07-15T15:06:40Z"])
        var missing = SigningTestContext.configuration()
        missing.name = "staging"
        missing.provisioningProfile = "staging"
        var lanesFile = SigningTestContext.lanesFile()
        lanesFile.configurations.append(missing)
        let report = ProfilesReport(files: LocalSigningFileSystem(), inspector: P12Inspector(shell: test.shell))
        let output = await report.render(lanesFile, environment: test.environment, now: test.clock.now)
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(6)) == [
            "production",
            "  profile      Example AdHoc (6F1E3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6)",
            "  team         ABCDE12345",
            "  app id       ABCDE12345.com.example.app",
            "  expires      2025-07-15 (30 days left)",
            "  devices      2",
        ])
        #expect(lines[6].hasPrefix("  certificate  Apple Distribution: Example Corp (ABCDE12345), expires "))
        #expect(lines[7] == "staging")
        #expect(lines[8] == "  error: provisioning profile not found: \(test.signingFolder)/staging.mobileprovision")
        #expect(output.hasProblems)
    }
}
