import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// A .p12 with several identities, and a team_id that is not the profile's: the preflight picks
/// the identity the profile lists, or stops and lists them all.
@Suite("Signing identities: several in one .p12, the profile's team", .temporaryDirectory)
struct SigningIdentityTests {
    let performer = SigningStepPerformer(
        files: LocalSigningFileSystem(), makeKeychainImporter: { SecurityKeychainImporter(shell: $0, searchListLock: UnlockedSearchList()) }
    )

    /// The fixture's own identity (the profile lists it, unless `settings` say otherwise) and
    /// an `other` one made apart; openssl answers with `other` first, as a Keychain Access
    /// export of both may.
    func setUp(_ settings: [String: String] = [:], otherName: String? = nil) async throws -> (
        SigningTestContext, ScriptedShellRunner, own: SigningCertificate, other: SigningCertificate
    ) {
        let root = try SigningFixtures.temporaryFolder()
        let shell = ScriptedShellRunner()
        let test = SigningTestContext(root: root, shell: shell)
        let password = SigningTestContext.certificatePassword
        try await SigningFixtures.make(in: test.signingFolder, ["P12_PASSWORD": password].merging(settings) { _, new in new })
        try await SigningFixtures.make(
            in: "\(root)/other", ["P12_PASSWORD": password].merging(otherName.map { ["COMMON_NAME": $0] } ?? [:]) { _, new in new })
        let own = try await SigningFixtures.pem(of: "\(test.signingFolder)/distribution.p12", password: password)
        let other = try await SigningFixtures.pem(of: "\(root)/other/distribution.p12", password: password)
        await shell.on(["openssl"], .output([(.standardOutput, other + own)], .exited(0)))
        await shell.scriptBuildSettings()
        let ownCertificate = try #require(try SigningCertificate.certificates(inPEM: own).first)
        let otherCertificate = try #require(try SigningCertificate.certificates(inPEM: other).first)
        return (test, shell, ownCertificate, otherCertificate)
    }

    func preflightFailure(_ test: SigningTestContext, lanesFile: LanesFile = SigningTestContext.lanesFile()) async -> String? {
        do {
            try await performer.preflight([Step(.package)], in: test.context(for: .package, lanesFile: lanesFile))
            return nil
        } catch {
            return String(describing: error)
        }
    }

    func archiveIdentity(_ test: SigningTestContext, _ shell: ScriptedShellRunner) async throws -> String? {
        await shell.on(["xcodebuild", "archive"], .output([(.standardOutput, "** ARCHIVE SUCCEEDED **\n")], .exited(0)))
        try FileManager.default.createDirectory(atPath: "\(test.folders.output)/Example.xcarchive", withIntermediateDirectories: true)
        _ = try await performer.perform(Step(.archive), in: test.context(for: .archive))
        #expect(await shell.argvs.contains { $0.prefix(2) == ["xcodebuild", "archive"] })
        // The identity reaches the app's target through the -xcconfig file, keyed by its bundle id.
        let xcconfig = try String(contentsOfFile: "\(test.folders.output)/Signing.xcconfig", encoding: .utf8)
        let prefix = "NIGHTSHIFT_IDENTITY_com_example_app = "
        return xcconfig.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    @Test("of two identities, the one the profile lists signs, by name, though it is not the .p12's first")
    func profileChoosesByName() async throws {
        let (test, shell, own, other) = try await setUp(otherName: "Apple Development: Someone Else (ABCDE12345)")
        defer { SigningFixtures.remove(test.root) }
        #expect(await preflightFailure(test) == nil)
        #expect(other.commonName == "Apple Development: Someone Else (ABCDE12345)")
        #expect(try await archiveIdentity(test, shell) == own.commonName)
    }

    @Test("two identities with one name (a renewed certificate): the profile's signs, named by its SHA-1")
    func sameNameUsesFingerprint() async throws {
        let (test, shell, own, other) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        #expect(own.commonName == other.commonName)
        #expect(await preflightFailure(test) == nil)
        #expect(try await archiveIdentity(test, shell) == own.sha1)
    }

    @Test("a profile that lists none of the identities stops the preflight, which lists every one")
    func noneListed() async throws {
        let (test, _, own, other) = try await setUp(["OTHER_CERT": "1"])
        defer { SigningFixtures.remove(test.root) }
        let message = try #require(await preflightFailure(test))
        #expect(message.contains("includes none of the 2 identities in \(test.signingFolder)/distribution.p12"))
        #expect(message.contains("(SHA-1 \(own.sha1))"))
        #expect(message.contains("(SHA-1 \(other.sha1))"))
    }

    @Test("a team_id other than the profile's team stops the preflight, naming both")
    func teamMismatch() async throws {
        let (test, shell, _, _) = try await setUp()
        defer { SigningFixtures.remove(test.root) }
        var configuration = SigningTestContext.configuration()
        configuration.teamID = "ZZZZZ99999"
        let message = try #require(await preflightFailure(test, lanesFile: SigningTestContext.lanesFile(configuration: configuration)))
        #expect(
            message
                == "team_id 'ZZZZZ99999' is not the team of provisioning profile \(test.signingFolder)/distribution.mobileprovision ('ABCDE12345'): xcodebuild would refuse to sign with it"
        )
        #expect(await shell.commands.isEmpty)
    }
}
