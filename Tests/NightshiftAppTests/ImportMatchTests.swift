import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `nightshift signing import-match DIR` in process: exit codes, output, and the password never shown.
@Suite("signing import-match")
struct ImportMatchTests {
    static let password = "m4tch-s3cret-pw"

    /// A match repository holding one profile, encrypted by `openssl enc -aes-256-cbc -md md5 -a`
    /// as match's v1 writes it.
    static func repository(in app: AppHarness) async throws {
        let folder = app.directory + "/match/profiles/appstore"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data([0x30, 0x03, 0x02, 0x01, 0x05]).write(to: URL(fileURLWithPath: app.directory + "/profile.der"))
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let result = try await shell.capture(
            ShellCommand(
                "openssl",
                [
                    "enc", "-aes-256-cbc", "-md", "md5", "-a", "-salt", "-in", app.directory + "/profile.der", "-out",
                    folder + "/AppStore_com.example.app.mobileprovision", "-pass", "env:P",
                ],
                environment: ["P": password]))
        try #require(result.succeeded, "\(result.failureDetail)")
    }

    @Test("writes the decrypted files into --output and says how lanes.yml names them; exit 0")
    func imports() async throws {
        let app = try AppHarness()
        try await Self.repository(in: app)
        let status = await ImportMatch(repository: "match", output: "certs-out").execute(
            in: app.realShellEnvironment(["MATCH_PASSWORD": Self.password]))
        #expect(status == 0, "\(app.shown)")
        #expect(
            app.standardOutput.contains(
                "wrote certs-out/AppStore_com.example.app.mobileprovision (from profiles/appstore/AppStore_com.example.app.mobileprovision)"
            ))
        #expect(app.standardOutput.contains("set 'codesigning.path: certs-out'"))
        #expect(
            FileManager.default.contents(atPath: app.directory + "/certs-out/AppStore_com.example.app.mobileprovision")
                == Data([0x30, 0x03, 0x02, 0x01, 0x05]))
        #expect(!app.shown.contains(Self.password))
    }

    @Test("a wrong password names the file and writes nothing; exit 1")
    func wrongPassword() async throws {
        let app = try AppHarness()
        try await Self.repository(in: app)
        let status = await ImportMatch(repository: "match").execute(in: app.realShellEnvironment(["MATCH_PASSWORD": "nope-wrong-pw"]))
        #expect(status == 1)
        #expect(
            app.standardError.contains(
                "profiles/appstore/AppStore_com.example.app.mobileprovision: cannot be decrypted with MATCH_PASSWORD"))
        #expect(!app.shown.contains("nope-wrong-pw"))
        #expect(!FileManager.default.fileExists(atPath: app.directory + "/signing"))
    }

    @Test("without MATCH_PASSWORD: exit 2 before reading anything; a folder that is no match repository: exit 1")
    func refusals() async throws {
        let app = try AppHarness()
        #expect(await ImportMatch(repository: "match").execute(in: app.environment()) == 2)
        #expect(app.standardError.contains("MATCH_PASSWORD is not set"))
        let other = try AppHarness()
        #expect(await ImportMatch(repository: ".").execute(in: other.environment(["MATCH_PASSWORD": Self.password])) == 1)
        #expect(other.standardError.contains("not a match repository"))
    }
}
