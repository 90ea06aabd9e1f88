import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("SecurityKeychainImporter")
struct SecurityKeychainImporterTests {
    let keychain = "/runs/1/nightshift.keychain-db"
    let login = "/Users/ci/Library/Keychains/login.keychain-db"
    let other = "/Users/ci/Library/Keychains/tools.keychain-db"

    /// `security` as on a Mac where everything works: no keychain left from an earlier run, the
    /// import finds one identity. `first` scripts the test's own answers, which win.
    func scriptedShell(_ first: (ScriptedShellRunner) async -> Void = { _ in }) async -> ScriptedShellRunner {
        let shell = ScriptedShellRunner()
        await first(shell)
        await shell.on(
            ["security", "list-keychains", "-d", "user"], .output([(.standardOutput, "    \"\(login)\"\n    \"\(other)\"\n")], .exited(0)))
        await shell.on(["security", "default-keychain", "-d", "user"], .output([(.standardOutput, "    \"\(login)\"\n")], .exited(0)))
        await shell.scriptWorkingKeychain()
        return shell
    }

    func prepareAndImport(_ shell: ScriptedShellRunner, makeDefault: Bool) async throws -> KeychainSession {
        let importer = SecurityKeychainImporter(shell: shell, searchListLock: UnlockedSearchList())
        let spec = KeychainSpec(path: keychain, password: Secret("kc pw \"q\""), makeDefault: makeDefault)
        let session = try await importer.prepare(spec, output: { _, _ in }, onCreated: { _ in })
        try await importer.importCertificate(at: "/signing/dist.p12", password: Secret("p12-pw"), into: session, output: { _, _ in })
        return session
    }

    @Test("prepare, import and restore run the exact security sequence, reading the search list each time it is changed")
    func goldenSequence() async throws {
        let shell = await scriptedShell()
        let session = try await prepareAndImport(shell, makeDefault: false)
        try await session.restore()
        let expected: [[String]] = [
            ["security", "delete-keychain", keychain],
            ["security", "-i"],
            ["security", "set-keychain-settings", keychain],
            ["security", "-i"],
            ["security", "list-keychains", "-d", "user"],
            ["security", "list-keychains", "-d", "user", "-s", keychain, login, other],
            ["security", "-i"],
            ["security", "-i"],
            ["security", "find-identity", "-v", "-p", "codesigning", keychain],
            ["security", "list-keychains", "-d", "user"],
            ["security", "list-keychains", "-d", "user", "-s", login, other],
            ["security", "delete-keychain", keychain],
        ]
        #expect(await shell.argvs == expected)
    }

    @Test("passwords reach security only on stdin, quoted for its line parser")
    func passwordsOnStdin() async throws {
        let shell = await scriptedShell()
        _ = try await prepareAndImport(shell, makeDefault: false)
        let commands = await shell.commands
        #expect(!commands.flatMap(\.argv).contains { $0.contains("p12-pw") || $0.contains("kc pw") })
        let lines = commands.compactMap(\.standardInput).map { String(decoding: $0, as: UTF8.self) }
        let trusted = SecurityKeychainImporter.trustedApplications.map { "\"-T\" \"\($0)\"" }.joined(separator: " ")
        #expect(
            lines == [
                "\"create-keychain\" \"-p\" \"kc pw \\\"q\\\"\" \"\(keychain)\"\n",
                "\"unlock-keychain\" \"-p\" \"kc pw \\\"q\\\"\" \"\(keychain)\"\n",
                "\"import\" \"/signing/dist.p12\" \"-k\" \"\(keychain)\" \"-f\" \"pkcs12\" \"-P\" \"p12-pw\" \(trusted)\n",
                "\"set-key-partition-list\" \"-S\" \"apple-tool:,apple:,codesign:\" \"-s\" \"-k\" \"kc pw \\\"q\\\"\" \"\(keychain)\"\n",
            ])
    }

    @Test("default: true saves the default keychain, switches to the new one and hands it back while it is still the new one")
    func makeDefault() async throws {
        let shell = ScriptedShellRunner()
        await shell.on(["security", "list-keychains", "-d", "user", "-s"], .output([], .exited(0)))
        await shell.on(
            ["security", "list-keychains", "-d", "user"], .output([(.standardOutput, "    \"\(login)\"\n    \"\(other)\"\n")], .exited(0)))
        await shell.on(["security", "default-keychain", "-d", "user", "-s"], .output([], .exited(0)))
        await shell.on(
            ["security", "default-keychain", "-d", "user"],
            .output([(.standardOutput, "    \"\(login)\"\n")], .exited(0)),
            .output([(.standardOutput, "    \"\(keychain)\"\n")], .exited(0)))
        await shell.scriptWorkingKeychain()
        let session = try await prepareAndImport(shell, makeDefault: true)
        try await session.restore()
        let argvs = await shell.argvs
        #expect(argvs[1] == ["security", "default-keychain", "-d", "user"])
        #expect(argvs.contains(["security", "default-keychain", "-d", "user", "-s", keychain]))
        #expect(
            Array(argvs.suffix(6)) == [
                ["security", "list-keychains", "-d", "user"],
                ["security", "list-keychains", "-d", "user", "-s", login, other],
                ["security", "default-keychain", "-d", "user"],
                ["security", "list-keychains", "-d", "user"],
                ["security", "default-keychain", "-d", "user", "-s", login],
                ["security", "delete-keychain", keychain],
            ])
    }

    @Test("the session is handed out as soon as the keychain exists, so a later failure still cleans up")
    func cleanupRegisteredEarly() async throws {
        let shell = await scriptedShell {
            await $0.on(["security", "set-keychain-settings"], .output([(.standardError, "boom\n")], .exited(1)))
        }
        let registered = SessionBox()
        let importer = SecurityKeychainImporter(shell: shell, searchListLock: UnlockedSearchList())
        let spec = KeychainSpec(path: keychain, password: Secret("pw-123"), makeDefault: false)
        await #expect(throws: KeychainError.self) {
            _ = try await importer.prepare(spec, output: { _, _ in }, onCreated: { await registered.set($0) })
        }
        let session = try #require(await registered.session)
        try await session.restore()
        #expect(await shell.argvs.last == ["security", "delete-keychain", keychain])
    }

    @Test("an import that macOS 15 refuses as pkcs12 is retried as openssl; 'already exists' is success")
    func importRetries() async throws {
        let shell = await scriptedShell {
            await $0.on(
                ["security", "-i"],
                .output([], .exited(0)), .output([], .exited(0)),
                .output([(.standardError, "security: SecKeychainItemImport: Unable to decode the provided data.\n")], .exited(1)),
                .output(
                    [(.standardError, "security: SecKeychainItemImport: The specified item already exists in the keychain.\n")], .exited(1)),
                .output([], .exited(0)))
        }
        _ = try await prepareAndImport(shell, makeDefault: false)
        let formats = await shell.commands.compactMap(\.standardInput).map { String(decoding: $0, as: UTF8.self) }
            .filter { $0.hasPrefix("\"import\"") }.map { $0.contains("\"openssl\"") ? "openssl" : "pkcs12" }
        #expect(formats == ["pkcs12", "openssl"])
    }

    @Test("the printed security -i lines and a failed import show every password masked, the .p12's too")
    func printedLinesAreMasked() async throws {
        let shell = await scriptedShell {
            await $0.on(
                ["security", "-i"], .output([], .exited(0)), .output([], .exited(0)),
                .output([(.standardError, "security: SecKeychainItemImport: MAC verification failed.\n")], .exited(1)))
        }
        let printed = CapturingOutput()
        let importer = SecurityKeychainImporter(shell: shell, searchListLock: UnlockedSearchList())
        let spec = KeychainSpec(path: keychain, password: Secret("kc-pw-123"), makeDefault: false)
        let session = try await importer.prepare(spec, output: { await printed.append($0, $1) }, onCreated: { _ in })
        let error = await #expect(throws: KeychainError.self) {
            try await importer.importCertificate(
                at: "/signing/dist.p12", password: Secret("p12-pw-456"), into: session,
                output: { await printed.append($0, $1) })
        }
        let text = await printed.all + String(describing: error)
        #expect(text.contains("security -i <<< import /signing/dist.p12 -k \(keychain) -f pkcs12 -P ******** -T /usr/bin/codesign"))
        #expect(text.contains("'security import /signing/dist.p12 -k \(keychain) -f pkcs12 -P ******** -T "))
        #expect(!text.contains("p12-pw-456") && !text.contains("kc-pw-123"))
    }

    @Test("a failed keychain command names the command with the password masked")
    func failureIsMasked() async throws {
        let shell = await scriptedShell {
            await $0.on(["security", "-i"], .output([(.standardError, "security: create-keychain: returned 48\n")], .exited(48)))
        }
        let importer = SecurityKeychainImporter(shell: shell, searchListLock: UnlockedSearchList())
        let spec = KeychainSpec(path: keychain, password: Secret("hunter22"), makeDefault: false)
        do {
            _ = try await importer.prepare(spec, output: { _, _ in }, onCreated: { _ in })
            Issue.record("prepare should have failed")
        } catch {
            let message = String(describing: error)
            #expect(message.contains("security create-keychain -p ******** \(keychain)"))
            #expect(!message.contains("hunter22"))
        }
    }
}

actor SessionBox {
    var session: KeychainSession?
    func set(_ session: KeychainSession) { self.session = session }
}
