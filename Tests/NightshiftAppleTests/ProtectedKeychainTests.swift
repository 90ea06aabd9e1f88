import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftTestSupport
import Testing

/// nightshift deletes its keychain before and after a run, so a keychain name that is the user's
/// login keychain or the System keychain is refused before any command.
@Suite("Login and System keychains are refused")
struct ProtectedKeychainTests {
    static let refused = [
        "login", "login.keychain", "login.keychain-db", "Login.keychain", "System.keychain", "System",
        "/Users/ci/Library/Keychains/login.keychain-db", "/Library/Keychains/System.keychain", "~/Library/Keychains/login.keychain",
    ]

    func lanesFile(keychainName: String) -> LanesFile {
        var file = SigningTestContext.lanesFile()
        file.codesigning?.keychain.name = Template(keychainName)
        return file
    }

    func resolve(_ name: String, in test: SigningTestContext) throws(SigningError) -> SigningInputs {
        let file = lanesFile(keychainName: name)
        return try SigningInputs.resolve(file, configuration: file.configurations[0], environment: test.environment, runFolder: "/runs/1")
    }

    @Test("codesigning.keychain.name naming the login or System keychain is an error", arguments: refused)
    func refusedNames(_ name: String) throws {
        let test = SigningTestContext(root: "/tmp/unused", shell: ScriptedShellRunner())
        #expect {
            _ = try resolve(name, in: test)
        } throws: { error in
            if case SigningError.protectedKeychain = error { true } else { false }
        }
    }

    @Test(
        "names that merely resemble them are the run's own keychains",
        arguments: ["nightshift-ci", "login-ci", "mylogin.keychain", "/tmp/system-tests/ci.keychain"])
    func acceptedNames(_ name: String) throws {
        let test = SigningTestContext(root: "/tmp/unused", shell: ScriptedShellRunner())
        #expect(throws: Never.self) { _ = try resolve(name, in: test) }
    }

    @Test("a lane whose keychain is the login keychain fails its preflight before any command, dry run or not", arguments: [false, true])
    func preflightRunsNothing(dryRun: Bool) async throws {
        let shell = ScriptedShellRunner()
        let test = SigningTestContext(root: "/tmp/unused", shell: shell)
        let context = test.context(for: .package, lanesFile: lanesFile(keychainName: "login"), dryRun: dryRun)
        let error = await #expect(throws: StepFailure.self) {
            try await SigningStepPerformer(
                files: LocalSigningFileSystem(),
                makeKeychainImporter: { SecurityKeychainImporter(shell: $0, searchListLock: UnlockedSearchList()) }
            ).preflight([Step(.package)], in: context)
        }
        #expect(
            error.map { String(describing: $0) }?.contains(
                "names \(test.home)/Library/Keychains/login.keychain-db, the user's login keychain") == true)
        #expect(await shell.commands.isEmpty)
    }

    @Test("the keychain importer itself refuses to create (and so delete) the login keychain")
    func importerRefuses() async throws {
        let shell = ScriptedShellRunner()
        let spec = KeychainSpec(path: "/Users/ci/Library/Keychains/login.keychain-db", password: Secret("pw-123"), makeDefault: false)
        await #expect(throws: SigningError.protectedKeychain(path: spec.path)) {
            _ = try await SecurityKeychainImporter(shell: shell, searchListLock: UnlockedSearchList()).prepare(
                spec, output: { _, _ in }, onCreated: { _ in })
        }
        #expect(await shell.commands.isEmpty)
    }
}
