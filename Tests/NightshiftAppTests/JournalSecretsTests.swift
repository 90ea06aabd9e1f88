import Crypto
import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Issue #26, item 5: the journal keeps no plain SHA-256 of a secret. Its digests are keyed
/// (HMAC-SHA256 with `.nightshift/journal.key`), the journal and the key are the owner's alone,
/// a step does not record secrets it cannot read, and a journal from before keyed digests is
/// still read, its steps re-run with a reason.
@Suite("run journal: keyed digests and permissions")
struct JournalSecretsTests {
    static let lanes = """
        codesigning:
          path: /signing
          certificate_password: ${CERTIFICATE_PASSWORD}
          keychain: { name: ci, password: "${KEYCHAIN_PASSWORD}" }
        lanes:
          beta:
            steps:
              - sh: make app "$API_TOKEN"
                name: build
                outputs: ["${OUT}"]
              - sh: deploy it
                name: deploy
        """

    static let secrets = ["API_TOKEN": "tok-abcdef-123456", "CERTIFICATE_PASSWORD": "p12-password-1", "KEYCHAIN_PASSWORD": "wrong"]

    func failedRun() async throws -> (AppHarness, [String: String]) {
        let app = try AppHarness(lanes: Self.lanes)
        let variables = Self.secrets.merging(["OUT": app.directory + "/App.zip"]) { $1 }
        try app.write("zip", to: "App.zip")
        await app.shell.onScript(containing: "make app", .output([], .exited(0)))
        await app.shell.onScript(
            containing: "deploy it", .output([(.standardError, "network down\n")], .exited(1)), .output([], .exited(0)))
        #expect(await app.run("beta", variables: variables) == 1)
        return (app, variables)
    }

    func journalPath(_ app: AppHarness) throws -> String {
        let lane = app.directory + "/.nightshift/runs/beta"
        return lane + "/" + (try FileManager.default.contentsOfDirectory(atPath: lane).sorted().last ?? "") + "/journal.json"
    }

    static func permissions(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    static func sha256(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    @Test("digests are HMAC-SHA256 with the workspace's 0600 key, never a plain SHA-256; the journal is 0600")
    func keyedAndPrivate() async throws {
        let (app, _) = try await failedRun()
        let journalPath = try journalPath(app)
        let journal = try String(contentsOfFile: journalPath, encoding: .utf8)
        let keyPath = app.directory + "/.nightshift/journal.key"
        let key = try #require(FileManager.default.contents(atPath: keyPath))
        #expect(key.count == 32)
        #expect(try Self.permissions(keyPath) == 0o600)
        #expect(try Self.permissions(journalPath) == 0o600)
        for value in Self.secrets.values { #expect(!journal.contains(Self.sha256(value)), "\(value)") }
        let keyed = HMAC<SHA256>.authenticationCode(for: Data("tok-abcdef-123456".utf8), using: SymmetricKey(data: key))
        #expect(journal.contains("\"API_TOKEN\":\"\(keyed.map { String(format: "%02x", $0) }.joined())\""))
        #expect(journal.contains("\"digests\":\"hmac-sha256\""))
    }

    @Test("an sh: step records none of codesigning's settings, so no trace of its passwords")
    func noCodesigningInShellSteps() async throws {
        let (app, _) = try await failedRun()
        let journal = try String(contentsOfFile: try journalPath(app), encoding: .utf8)
        #expect(!journal.contains("codesigning."), "\(journal)")
    }

    @Test("a second run reuses the workspace's key: a resume still reuses the build")
    func keyIsShared() async throws {
        let (app, variables) = try await failedRun()
        let key = FileManager.default.contents(atPath: app.directory + "/.nightshift/journal.key")
        #expect(await RunLanes(global: LanesFileOptions(), lanes: ["beta"], resume: true).execute(in: app.environment(variables)) == 0)
        #expect(app.shown.contains("↻ build reused"), "\(app.shown)")
        #expect(FileManager.default.contents(atPath: app.directory + "/.nightshift/journal.key") == key)
    }

    @Test("a journal with unkeyed digests (an older nightshift) is read; its steps re-run, saying why")
    func oldJournal() async throws {
        let (app, variables) = try await failedRun()
        let path = try journalPath(app)
        var journal = try String(contentsOfFile: path, encoding: .utf8)
        // As an older nightshift wrote it: no scheme, and fingerprints of plain SHA-256s.
        journal = journal.replacingOccurrences(of: "\"digests\":\"hmac-sha256\",", with: "")
        journal = journal.replacingOccurrences(
            of: #""fingerprint":"[0-9a-f]+""#, with: #""fingerprint":"0123""#, options: .regularExpression)
        try journal.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(await RunLanes(global: LanesFileOptions(), lanes: ["beta"], resume: true).execute(in: app.environment(variables)) == 0)
        #expect(
            app.shown.contains(
                "build re-runs: its journal entry was written by an older nightshift, whose unkeyed digests cannot be compared"),
            "\(app.shown)")
    }
}
