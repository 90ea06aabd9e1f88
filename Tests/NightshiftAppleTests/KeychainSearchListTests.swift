import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Issue #14 §5: the importer changes the user's search list and default keychain only under the
/// search-list lock, from what they are at that moment, and takes only its own keychain off.
@Suite("SecurityKeychainImporter and the shared search list")
struct KeychainSearchListTests {
    let keychain = "/runs/1/nightshift.keychain-db"
    let login = "/Users/ci/Library/Keychains/login.keychain-db"
    let other = "/Users/ci/Library/Keychains/tools.keychain-db"
    let otherRun = "/runs/2/nightshift.keychain-db"

    func listed(_ paths: String...) -> ScriptedShellRunner.Response { listed(paths) }

    func listed(_ paths: [String]) -> ScriptedShellRunner.Response {
        .output([(.standardOutput, paths.map { "    \"\($0)\"\n" }.joined())], .exited(0))
    }

    /// Scripts what the tests do not look at to succeed (deleting, creating, unlocking and
    /// setting up the keychain), then prepares the run's keychain.
    func prepare(_ shell: ScriptedShellRunner, lock: any SearchListLock, makeDefault: Bool = false) async throws -> KeychainSession {
        await shell.scriptWorkingKeychain()
        let importer = SecurityKeychainImporter(shell: shell, searchListLock: lock)
        let spec = KeychainSpec(path: keychain, password: Secret("kc-pw-123"), makeDefault: makeDefault)
        return try await importer.prepare(spec, output: { _, _ in }, onCreated: { _ in })
    }

    @Test("every command that changes or reads the search list or default keychain runs inside the lock, never nested")
    func commandsUnderTheLock() async throws {
        let shell = ScriptedShellRunner()
        await shell.on(["security", "list-keychains", "-d", "user", "-s"], .output([], .exited(0)))
        await shell.on(["security", "list-keychains", "-d", "user"], listed(login, other))
        await shell.on(["security", "default-keychain", "-d", "user", "-s"], .output([], .exited(0)))
        await shell.on(["security", "default-keychain", "-d", "user"], listed(login), listed(keychain))
        let lock = RecordingSearchListLock(shell: shell)
        let session = try await prepare(shell, lock: lock, makeDefault: true)
        try await session.restore()
        let scopes = await lock.log.scopes
        #expect(scopes.count == 2)
        #expect(await lock.log.nested == false)
        let commands = await shell.commands
        let changing = commands.indices.filter { index in
            let argv = commands[index].argv
            let line = commands[index].standardInput.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return ["list-keychains", "default-keychain", "delete-keychain"].contains(argv.dropFirst().first ?? "")
                || line.hasPrefix("\"create-keychain\"")
        }
        #expect(changing.count == 12)
        for index in changing {
            #expect(scopes.contains { $0.contains(index) }, "\(commands[index].argv) ran outside the lock")
        }
    }

    @Test("cleanup takes only its own keychain off the list as it is then; keychains added since stay, in order")
    func cleanupKeepsOtherRunsKeychains() async throws {
        let shell = ScriptedShellRunner()
        await shell.on(["security", "list-keychains", "-d", "user", "-s"], .output([], .exited(0)))
        // At prepare: the user's list. At cleanup: another run has put its keychain first since.
        await shell.on(["security", "list-keychains", "-d", "user"], listed(login, other), listed(otherRun, keychain, login, other))
        let session = try await prepare(shell, lock: UnlockedSearchList())
        try await session.restore()
        let writes = await shell.argvs.filter { $0.starts(with: ["security", "list-keychains", "-d", "user", "-s"]) }
        #expect(
            writes == [
                ["security", "list-keychains", "-d", "user", "-s", keychain, login, other],
                ["security", "list-keychains", "-d", "user", "-s", otherRun, login, other],
            ])
    }

    @Test("the default keychain is handed back only while it is still this run's")
    func defaultHandedBackOnlyWhileOwn() async throws {
        // (default the run replaced, default at cleanup, search list at cleanup) -> what it sets the default to at cleanup
        let cases: [(String, String, [String], String?)] = [
            (login, keychain, [login, other], login),  // still ours: back to the one it replaced
            (login, otherRun, [otherRun, login], nil),  // another run made its own the default since: left alone
            (otherRun, keychain, [other, login], login),  // the one it replaced is gone: the login keychain
        ]
        for (replaced, currentDefault, listAtCleanup, expected) in cases {
            let shell = ScriptedShellRunner()
            await shell.on(["security", "list-keychains", "-d", "user", "-s"], .output([], .exited(0)))
            await shell.on(["security", "list-keychains", "-d", "user"], listed(login), listed(listAtCleanup))
            await shell.on(["security", "default-keychain", "-d", "user", "-s"], .output([], .exited(0)))
            await shell.on(["security", "default-keychain", "-d", "user"], listed(replaced), listed(currentDefault))
            let session = try await prepare(shell, lock: UnlockedSearchList(), makeDefault: true)
            try await session.restore()
            let sets = await shell.argvs.filter { $0.starts(with: ["security", "default-keychain", "-d", "user", "-s"]) }.map {
                $0.last ?? ""
            }
            #expect(sets == [keychain] + (expected.map { [$0] } ?? []), "default \(currentDefault), list \(listAtCleanup)")
            #expect(await shell.argvs.last == ["security", "delete-keychain", keychain])
        }
    }
}

/// Records which of the shell's commands ran inside each `withLock`, and whether scopes nested
/// (the real lock is a flock(2), which a second acquisition in the same process would wait on).
struct RecordingSearchListLock: SearchListLock {
    let shell: ScriptedShellRunner
    let log = LockLog()

    func withLock<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        let start = await log.enter(at: shell.commands.count)
        do {
            let result = try await body()
            await log.leave(start: start, end: shell.commands.count)
            return result
        } catch {
            await log.leave(start: start, end: shell.commands.count)
            throw error
        }
    }
}

actor LockLog {
    private(set) var scopes: [Range<Int>] = []
    private(set) var nested = false
    private var depth = 0

    func enter(at index: Int) -> Int {
        if depth > 0 { nested = true }
        depth += 1
        return index
    }

    func leave(start: Int, end: Int) {
        depth -= 1
        scopes.append(start..<end)
    }
}
