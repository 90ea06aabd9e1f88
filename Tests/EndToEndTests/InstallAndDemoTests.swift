import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// The way in for a newcomer (issue #26): a demo signing set to try `nightshift profiles` on,
/// and `scripts/install`, as the README gives them.
@Suite("scripts/make-demo-signing and scripts/install, end to end", .temporaryDirectory)
struct InstallAndDemoTests {
    static let repository = SigningFixtures.repositoryRoot.path

    @Test("make-demo-signing writes what the bundled lanes.yml names; profiles --env example reads it all, exit 0")
    func demoSigningSet() async throws {
        let directory = try TemporaryDirectory.make("demo")
        for name in ["lanes.yml", ".env.example"] {
            try FileManager.default.copyItem(atPath: "\(Self.repository)/\(name)", toPath: "\(directory)/\(name)")
        }
        let made = try await Self.shell(directory).capture(ShellCommand("/bin/sh", ["\(Self.repository)/scripts/make-demo-signing"]))
        #expect(made.succeeded, "\(made.failureDetail)")
        let outcome = try await NightshiftBinary.run(["profiles", "--env", "example"], in: directory)
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("error:"), "\(outcome.standardOutput)")
        for expected in [
            "staging\n", "profile      Brewer Staging", "app id       ABCDE12345.works.sth.brewer.staging",
            "production\n", "profile      Brewer Production", "certificate  Apple Distribution: Brewer Demo (ABCDE12345)",
        ] {
            #expect(outcome.standardOutput.contains(expected), "\(expected) not in:\n\(outcome.standardOutput)")
        }
    }

    @Test(
        "install --binary puts the stripped binary, the man page and three completions under the prefix; a second run leaves the same files"
    )
    func installIsIdempotent() async throws {
        let prefix = try TemporaryDirectory.make("prefix")
        let files = [
            "bin/nightshift", "share/bash-completion/completions/nightshift", "share/zsh/site-functions/_nightshift",
            "share/fish/vendor_completions.d/nightshift.fish", "share/man/man1/nightshift.1",
        ]
        var first: [String: Data] = [:]
        for round in 1...2 {
            let result = try await Self.install(["--prefix", prefix, "--binary", NightshiftBinary.path], in: prefix)
            #expect(result.succeeded, "\(result.failureDetail)")
            #expect(result.standardOutput.contains("installed nightshift"), "\(result.standardOutput)")
            let listed = try FileManager.default.subpathsOfDirectory(atPath: prefix).filter {
                var folder: ObjCBool = false
                return FileManager.default.fileExists(atPath: "\(prefix)/\($0)", isDirectory: &folder) && !folder.boolValue
            }
            #expect(Set(listed) == Set(files), "round \(round): \(listed.sorted())")
            let contents = try Dictionary(
                uniqueKeysWithValues: files.map { ($0, try Data(contentsOf: URL(fileURLWithPath: "\(prefix)/\($0)"))) })
            if round == 1 { first = contents } else { #expect(contents == first) }
        }
        #expect(FileManager.default.isExecutableFile(atPath: "\(prefix)/bin/nightshift"))
        let zsh = try String(contentsOfFile: "\(prefix)/share/zsh/site-functions/_nightshift", encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef nightshift"))
        let manual = try String(contentsOfFile: "\(prefix)/share/man/man1/nightshift.1", encoding: .utf8)
        #expect(manual.hasPrefix(".TH NIGHTSHIFT 1"))
        let installedSize = try FileManager.default.attributesOfItem(atPath: "\(prefix)/bin/nightshift")[.size] as? Int ?? 0
        let builtSize = try FileManager.default.attributesOfItem(atPath: NightshiftBinary.path)[.size] as? Int ?? 0
        #expect(installedSize < builtSize, "stripped \(installedSize) bytes, built \(builtSize)")
        let version = try await Self.shell(prefix).capture(ShellCommand("\(prefix)/bin/nightshift", ["--version"]))
        #expect(version.succeeded && !version.standardOutput.isEmpty)
    }

    @Test("install without a prefix is a usage error, exit 2, and installs nothing")
    func installNeedsPrefix() async throws {
        let directory = try TemporaryDirectory.make("noprefix")
        let result = try await Self.install(["--binary", NightshiftBinary.path], in: directory)
        #expect(result.termination == .exited(2))
        #expect(result.standardError.contains("usage: scripts/install --prefix DIR"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    /// The whole of it: a release build through scripts/build-release, then the install. Minutes
    /// of compiling, so only when asked (`NIGHTSHIFT_INSTALL_TEST=1`).
    @Test(
        "install builds a release nightshift and installs it (NIGHTSHIFT_INSTALL_TEST=1)",
        .enabled(if: ProcessInfo.processInfo.environment["NIGHTSHIFT_INSTALL_TEST"] == "1", "a release build takes minutes"),
        .timeLimit(.minutes(30)))
    func installBuildsRelease() async throws {
        let prefix = try TemporaryDirectory.make("release")
        let result = try await Self.install(["--prefix", prefix], in: prefix)
        #expect(result.succeeded, "\(result.failureDetail)")
        let version = try await Self.shell(prefix).capture(ShellCommand("\(prefix)/bin/nightshift", ["--version"]))
        #expect(version.succeeded)
    }

    private static func install(_ arguments: [String], in directory: String) async throws -> CapturedResult {
        try await shell(directory).capture(ShellCommand("/bin/bash", ["\(repository)/scripts/install"] + arguments))
    }

    private static func shell(_ directory: String) -> ProcessShellRunner {
        ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment), workingDirectory: directory)
    }
}
