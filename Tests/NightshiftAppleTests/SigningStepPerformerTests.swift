import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("SigningStepPerformer", .temporaryDirectory)
struct SigningStepPerformerTests {
    let performer = SigningStepPerformer(
        files: LocalSigningFileSystem(), makeKeychainImporter: { SecurityKeychainImporter(shell: $0, searchListLock: UnlockedSearchList()) }
    )

    /// Fixtures with the default settings, a scripted shell whose openssl answers with the real PEM.
    func setUp(
        _ settings: [String: String] = [:], opensslFails: String? = nil, now: Date = Date(timeIntervalSince1970: 1_750_000_000)
    ) async throws -> (SigningTestContext, ScriptedShellRunner) {
        let root = try SigningFixtures.temporaryFolder()
        let shell = ScriptedShellRunner()
        let test = SigningTestContext(root: root, shell: shell, now: now)
        try await SigningFixtures.make(
            in: test.signingFolder, ["P12_PASSWORD": SigningTestContext.certificatePassword].merging(settings) { _, new in new })
        if let opensslFails {
            await shell.on(["openssl"], .output([(.standardError, opensslFails)], .exited(1)))
        } else {
            let pem = try await SigningFixtures.pem(
                of: "\(test.signingFolder)/distribution.p12", password: SigningTestContext.certificatePassword)
            await shell.on(["openssl"], .output([(.standardOutput, pem)], .exited(0)))
        }
        await shell.on(
            ["security", "list-keychains", "-d", "user"], .output([(.standardOutput, "    \"/Users/ci/login.keychain-db\"\n")], .exited(0)))
        await shell.scriptWorkingKeychain()
        await shell.scriptBuildSettings()
        await shell.on(["xcodebuild", "-exportArchive"], .output([(.standardOutput, "** EXPORT SUCCEEDED **\n")], .exited(0)))
        return (test, shell)
    }

    func preflightFailure(_ test: SigningTestContext) async -> String? {
        do {
            try await performer.preflight([Step(.package)], in: test.context(for: .package))
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test("an expired profile fails the preflight before any command")
    func expiredProfile() async throws {
        let (test, shell) = try await setUp(["PROFILE_EXPIRY": "2020-01-01T00:00:00Z"])
        defer { SigningFixtures.remove(test.root) }
        let message = try #require(await preflightFailure(test))
        #expect(message.contains("expired on 2020-01-01"))
        #expect(await shell.commands.isEmpty)
    }

    @Test("a profile for another app id fails the preflight before any command")
    func mismatchedAppIdentifier() async throws {
        let (test, shell) = try await setUp(["APP_ID": "ABCDE12345.com.other.*"])
        defer { SigningFixtures.remove(test.root) }
        let message = try #require(await preflightFailure(test))
        #expect(message.contains("does not cover app_identifier 'com.example.app'"))
        #expect(await shell.commands.isEmpty)
    }

    @Test("a wrong certificate password fails the preflight with only openssl run, password unnamed")
    func wrongCertificatePassword() async throws {
        let (test, shell) = try await setUp(opensslFails: "Mac verify error: invalid password?\n")
        defer { SigningFixtures.remove(test.root) }
        let message = try #require(await preflightFailure(test))
        #expect(message.contains("wrong certificate password"))
        #expect(!message.contains(SigningTestContext.certificatePassword))
        #expect(await shell.argvs.allSatisfy { $0.first == "openssl" })
        #expect(await !shell.commands.flatMap(\.argv).contains { $0.contains(SigningTestContext.certificatePassword) })
    }

    /// What a Mac's /usr/bin/openssl (LibreSSL 3.3) answers for a .p12 it cannot decode: no
    /// `-legacy` option, and ciphers OpenSSL 3 writes but it does not know.
    static let libreSSLUnknownLegacy =
        "pkcs12: unknown option '-legacy'\nusage: pkcs12 [-aes128 | -aes192 | -aes256 | -des | -des3] [-cacerts]\n"
    static let libreSSLUnknownCipher =
        "Error outputting keys and certificates\n4346539500:error:06074079:digital envelope routines:EVP_PBE_CipherInit:unknown pbe algorithm:/AppleInternal/Library/BuildRoots/libressl-3.3/crypto/evp/evp_pbe.c:167:TYPE=2.16.840.1.101.3.4.1.42\n"

    @Test(
        "a .p12 LibreSSL cannot decode is a warning, not a stop: the preflight passes and `security import` decides",
        arguments: [
            [Self.libreSSLUnknownCipher],
            [
                "Error outputting keys and certificates\n...:error:0308010C:digital envelope routines::unsupported\n",
                Self.libreSSLUnknownLegacy,
            ],
        ])
    func undecidableCertificateWarns(_ answers: [String]) async throws {
        let (test, _) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        // openssl answers each attempt in turn: the plain read, then the -legacy retry.
        let openssl = ScriptedShellRunner()
        await openssl.on(["openssl"], responses: answers.map { .output([(.standardError, $0)], .exited(1)) })
        var context = test.context(for: .package)
        context.shell = openssl
        try await performer.preflight([Step(.package)], in: context)
        let warning = await test.output.standardError
        #expect(warning.contains("warning: openssl could not read the certificate in \(test.signingFolder)/distribution.p12"))
        #expect(warning.contains("`security import` decides"))
        #expect(!warning.contains(SigningTestContext.certificatePassword))
        // The preflight's read (the plan reads the identities again, the same way).
        #expect(await openssl.argvs.prefix(answers.count).map { $0.contains("-legacy") } == answers.indices.map { $0 == 1 })
    }

    @Test("a profile that does not include the .p12's certificate fails the preflight")
    func certificateNotInProfile() async throws {
        let (test, _) = try await setUp(["OTHER_CERT": "1"])
        defer { SigningFixtures.remove(test.root) }
        let message = try #require(await preflightFailure(test))
        #expect(message.contains("does not include the certificate 'Apple Distribution: Example Corp (ABCDE12345)'"))
    }

    @Test("a .p12 whose certificate has expired fails the preflight, naming the file and the day, before any keychain command")
    func expiredCertificate() async throws {
        // openssl dates certificates from the real time: a one-day certificate, seen three days on.
        let (test, shell) = try await setUp(["CERT_DAYS": "1"], now: Date().addingTimeInterval(3 * 86_400))
        defer { SigningFixtures.remove(test.root) }
        let p12 = "\(test.signingFolder)/distribution.p12"
        let pem = try await SigningFixtures.pem(of: p12, password: SigningTestContext.certificatePassword)
        let expiry = try #require(try SigningCertificate.certificates(inPEM: pem).first).expiresAt
        let message = try #require(await preflightFailure(test))
        #expect(message == SigningError.certificateExpired(p12: p12, expiredAt: expiry).description)
        #expect(message.hasPrefix("the certificate in \(p12) expired on 20"))
        #expect(await shell.argvs.allSatisfy { $0.first == "openssl" })
    }

    @Test("a profile expiring within 14 days passes with a warning")
    func expiringSoon() async throws {
        let (test, _) = try await setUp(["PROFILE_EXPIRY": "2025-06-20T00:00:00Z"])
        defer { SigningFixtures.remove(test.root) }
        #expect(await preflightFailure(test) == nil)
        #expect(await test.output.standardError.contains("expires on 2025-06-20, in 4 days"))
    }

    @Test("package runs keychain, import, install, archive and export in order and exports the .ipa path")
    func packageSequence() async throws {
        let (test, shell) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        try FileManager.default.createDirectory(atPath: "\(test.folders.output)/export", withIntermediateDirectories: true)
        await shell.on(["xcodebuild", "archive"], .output([(.standardOutput, "** ARCHIVE SUCCEEDED **\n")], .exited(0)))
        try FileManager.default.createDirectory(atPath: "\(test.folders.output)/Example.xcarchive", withIntermediateDirectories: true)
        try Data("ipa".utf8).write(to: URL(fileURLWithPath: "\(test.folders.output)/export/Example App.ipa"))
        let termination = try await performer.perform(Step(.package), in: test.context(for: .package))
        #expect(termination == .exited(0))
        let tools = await shell.argvs.map { $0.prefix(2).joined(separator: " ") }
        #expect(
            tools == [
                "security delete-keychain", "security -i", "security set-keychain-settings", "security -i",
                "security list-keychains", "security list-keychains", "security -i", "security -i", "security find-identity",
                "xcodebuild -showBuildSettings", "openssl pkcs12", "xcodebuild archive", "xcodebuild -exportArchive",
            ])
        #expect(await test.exports.all["NIGHTSHIFT_IPA_PATH"] == "\(test.folders.output)/Example.ipa")
        #expect(FileManager.default.fileExists(atPath: "\(test.folders.output)/Example.ipa"))
        #expect(
            FileManager.default.fileExists(
                atPath: "\(test.home)/Library/MobileDevice/Provisioning Profiles/6F1E3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6.mobileprovision"))
        #expect(
            FileManager.default.fileExists(
                atPath:
                    "\(test.home)/Library/Developer/Xcode/UserData/Provisioning Profiles/6F1E3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6.mobileprovision"
            ))
        // Profiles by UUID: an old profile of the same name may still be installed.
        let plist = try String(contentsOfFile: "\(test.folders.output)/ExportOptions.plist", encoding: .utf8)
        #expect(plist.contains("<key>com.example.app</key>\n\t\t<string>6F1E3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6</string>"))
        let xcconfig = try String(contentsOfFile: "\(test.folders.output)/Signing.xcconfig", encoding: .utf8)
        #expect(xcconfig.contains("NIGHTSHIFT_PROFILE_com_example_app = 6F1E3C2A-1B2C-4D5E-8F90-A1B2C3D4E5F6\n"))
        #expect(xcconfig.contains("NIGHTSHIFT_IDENTITY_com_example_app = Apple Distribution: Example Corp (ABCDE12345)\n"))
        #expect(!xcconfig.contains("ExampleKit"))
        #expect(await test.cleanup.isEmpty == false)
    }

    @Test("when xcodebuild archive fails the keychain cleanup is still registered and restores everything")
    func cleanupAfterArchiveFailure() async throws {
        let (test, shell) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        await shell.on(["xcodebuild", "archive"], .output([(.standardError, "error: boom\n")], .exited(65)))
        let termination = try await performer.perform(Step(.package), in: test.context(for: .package))
        #expect(termination == .exited(65))
        #expect(await !shell.argvs.contains { $0.contains("-exportArchive") })
        try await test.runCleanup()
        #expect(
            Array(await shell.argvs.suffix(2)) == [
                ["security", "list-keychains", "-d", "user", "-s", "/Users/ci/login.keychain-db"],
                ["security", "delete-keychain", test.keychainPath],
            ])
    }

    @Test("a dry run without the signing files prints every command and touches nothing")
    func dryRunWithoutFiles() async throws {
        let root = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(root) }
        // A dry run's shell answers every command, as `DryRunShellRunner` does, and runs none.
        let shell = ScriptedShellRunner(fallback: .succeeds)
        let test = SigningTestContext(root: root, shell: shell)
        try await performer.preflight([Step(.package)], in: test.context(for: .package, dryRun: true))
        _ = try await performer.perform(Step(.package), in: test.context(for: .package, dryRun: true))
        let argvs = await shell.argvs
        #expect(argvs.contains { $0.starts(with: ["xcodebuild", "archive"]) && $0.contains("\(test.folders.output)/Signing.xcconfig") })
        #expect(await test.output.standardOutput.contains("sign com.example.app (Example) → distribution (<UUID of distribution>)"))
        #expect(!FileManager.default.fileExists(atPath: "\(test.folders.output)/Signing.xcconfig"))
        #expect(argvs.contains { $0.starts(with: ["xcodebuild", "-exportArchive"]) })
        #expect(await test.output.standardOutput.contains("install \(test.signingFolder)/distribution.mobileprovision -> "))
        #expect(await test.output.standardOutput.contains("security -i <<< create-keychain -p ******** \(test.keychainPath)"))
        #expect(await !test.output.all.contains(SigningTestContext.keychainPassword))
        #expect(!FileManager.default.fileExists(atPath: test.home))
    }
}
