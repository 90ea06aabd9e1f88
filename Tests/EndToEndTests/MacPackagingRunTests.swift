import Foundation
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `nightshift run` of a Developer ID lane into a dmg, a zip and a pkg: the real binary with the
/// fake `security`, `xcodebuild`, `hdiutil`, `codesign`, `ditto` and `productbuild` first on PATH
/// (they log their argv, refuse what the real tools refuse and write what they write) and the
/// real openssl, which reads each .p12's identity.
@Suite("nightshift run of a Mac app into a dmg, zip or pkg, end to end", .temporaryDirectory)
struct MacPackagingRunTests {
    static let lanes = """
        project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
        secrets: [KEYCHAIN_PASSWORD, CERTIFICATE_PASSWORD, INSTALLER_PASSWORD]
        codesigning:
          path: ${CODESIGNING_PATH}
          certificate_password: ${CERTIFICATE_PASSWORD}
          installer_certificate_password: ${INSTALLER_PASSWORD}
          keychain: { name: "${KEYCHAIN_NAME}", password: "${KEYCHAIN_PASSWORD}" }
        configurations:
          mac: { certificate: developer-id, provisioning_profile: developer-id, build_configuration: Release,
                 app_identifier: works.sth.brewer.mac, export_method: developer-id, installer_certificate: installer }
        lanes:
          dmg: { configuration: mac, steps: [ { package: { dmg: build/Brewer.dmg } } ] }
          zip: { configuration: mac, steps: [ { package: { zip: build/Brewer.zip } } ] }
          pkg: { configuration: mac, steps: [ { package: { pkg: build/Brewer.pkg } } ] }
          dmg-then-check: { configuration: mac, steps: [ { package: { dmg: build/Brewer.dmg } }, { sh: test -f go } ] }
        """
    static let application = "Developer ID Application: Example Corp (ABCDE12345)"
    static let installer = "Developer ID Installer: Example Corp (ABCDE12345)"
    static let passwords = [
        "KEYCHAIN_PASSWORD": "kc-Pa55-word", "CERTIFICATE_PASSWORD": "p12-Pa55-word", "INSTALLER_PASSWORD": "inst-Pa55-word",
    ]

    struct Run {
        var directory: String
        var outcome: NightshiftBinary.Outcome
        var records: [[String]]
        var keychain: String { directory + "/home/Library/Keychains/brewer-ci.keychain-db" }
    }

    func run(_ lane: String, installerName: String = installer, arguments: [String] = [], in existing: String? = nil) async throws -> Run {
        let directory = try existing ?? makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let signing = directory + "/signing"
        if existing == nil {
            try BrewerFixture.copyProject(into: directory, from: BrewerFixture.macProject)
            try await makeSigningFiles(in: signing, installerName: installerName)
        }
        let log = directory + "/fake.log"
        var environment = Self.passwords.merging([
            "PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin", "NIGHTSHIFT_FAKE_LOG": log, "CODESIGNING_PATH": signing,
            "KEYCHAIN_NAME": "brewer-ci",
        ]) { old, _ in old }
        environment["HOME"] = directory + "/home"
        try? FileManager.default.removeItem(atPath: log)
        let outcome = try await NightshiftBinary.run(["run", lane] + arguments, in: directory, environment: environment)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let records = text.split(separator: "\n").map {
            $0.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        return Run(directory: directory, outcome: outcome, records: records)
    }

    func makeSigningFiles(in signing: String, installerName: String) async throws {
        // The app's Developer ID profile (`developer-id.provisionprofile`); its share extension needs none.
        try await SigningFixtures.make(
            in: signing, name: "developer-id",
            [
                "P12_PASSWORD": Self.passwords["CERTIFICATE_PASSWORD"]!, "COMMON_NAME": Self.application, "PLATFORM": "OSX",
                "PROFILE_KIND": "developer-id", "APP_ID": "ABCDE12345.works.sth.brewer.mac",
            ])
        try await SigningFixtures.make(
            in: signing, name: "installer", ["P12_PASSWORD": Self.passwords["INSTALLER_PASSWORD"]!, "COMMON_NAME": installerName])
    }

    func expectNoSecrets(in run: Run) {
        for secret in Self.passwords.values {
            #expect(!run.outcome.standardOutput.contains(secret) && !run.outcome.standardError.contains(secret))
        }
    }

    @Test("dmg: archived for macOS, exported as Brewer.app, imaged with hdiutil and signed with the Developer ID identity")
    func diskImage() async throws {
        let run = try await run("dmg")
        defer { SigningFixtures.remove(run.directory) }
        #expect(run.outcome.exitCode == 0, "\(run.outcome.standardOutput)\(run.outcome.standardError)")
        let app = run.directory + "/.nightshift/runs"
        #expect(run.records.contains { $0.first == "xcodebuild" && $0.contains("generic/platform=macOS") })
        let image = try #require(run.records.first { $0.first == "hdiutil" })
        #expect(image.prefix(4) == ["hdiutil", "create", "-volname", "Brewer"])
        #expect(image[5].hasPrefix(app) && image[5].hasSuffix("/export/Brewer.app"))
        #expect(Array(image.suffix(4)) == ["-ov", "-format", "UDZO", run.directory + "/build/Brewer.dmg"])
        #expect(
            run.records.contains([
                "codesign", "--sign", Self.application, "--timestamp", "--keychain", run.keychain, run.directory + "/build/Brewer.dmg",
            ]))
        let dmg = try String(decoding: Data(contentsOf: URL(fileURLWithPath: run.directory + "/build/Brewer.dmg")), as: UTF8.self)
        #expect(dmg.contains("koly volname=Brewer") && dmg.contains("fake-signature \(Self.application)"))
        #expect(run.records.last?.prefix(2) == ["security", "delete-keychain"])
        expectNoSecrets(in: run)
    }

    @Test("zip: a real zip holding Brewer.app itself, as ditto --keepParent makes it")
    func zipArchive() async throws {
        let run = try await run("zip")
        defer { SigningFixtures.remove(run.directory) }
        #expect(run.outcome.exitCode == 0, "\(run.outcome.standardOutput)\(run.outcome.standardError)")
        #expect(run.records.contains { $0.prefix(4) == ["ditto", "-c", "-k", "--keepParent"] })
        let listing = try await ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
            .capture(ShellCommand("unzip", ["-Z1", run.directory + "/build/Brewer.zip"]))
        #expect(listing.succeeded, "\(listing.failureDetail)")
        let names = listing.standardOutput.split(separator: "\n")
        #expect(names.contains("Brewer.app/Contents/MacOS/Brewer"))
        #expect(names.contains("Brewer.app/Contents/_CodeSignature/CodeResources"))
        #expect(names.allSatisfy { $0.hasPrefix("Brewer.app/") })
        expectNoSecrets(in: run)
    }

    @Test("pkg: the installer .p12 is imported beside the certificate, and productbuild signs with its identity")
    func installerPackage() async throws {
        let run = try await run("pkg")
        defer { SigningFixtures.remove(run.directory) }
        #expect(run.outcome.exitCode == 0, "\(run.outcome.standardOutput)\(run.outcome.standardError)")
        let imports = run.records.filter { $0.first == "security<stdin>" && $0.last?.hasPrefix("\"import\"") == true }
        #expect(imports.count == 2)
        #expect(imports.last?.last?.contains("installer.p12\" \"-k\"") == true)
        let build = try #require(run.records.first { $0.first == "productbuild" })
        #expect(Array(build.prefix(6)) == ["productbuild", "--sign", Self.installer, "--keychain", run.keychain, "--timestamp"])
        #expect(build.last == run.directory + "/build/Brewer.pkg")
        let pkg = try String(contentsOfFile: run.directory + "/build/Brewer.pkg", encoding: .utf8)
        #expect(pkg.hasPrefix("xar!") && pkg.contains("signed-by \(Self.installer)") && pkg.contains("install-location /Applications"))
        expectNoSecrets(in: run)
    }

    @Test("the dry run of the dmg lane: archive for macOS, export developer-id, the image and its signature; nothing run")
    func dryRun() async throws {
        let run = try await run("dmg", arguments: ["--dry-run"])
        defer { SigningFixtures.remove(run.directory) }
        #expect(run.outcome.exitCode == 0, "\(run.outcome.standardError)")
        // Only the scheme's signed bundles are read, for real: that changes nothing.
        #expect(run.records.allSatisfy { $0.prefix(2) == ["xcodebuild", "-showBuildSettings"] })
        #expect(!FileManager.default.fileExists(atPath: run.directory + "/build"))
        expectNoSecrets(in: run)
        Golden.assertMatches(
            BundledLanesDryRunTests.normalised(run.outcome.standardOutput, directory: run.directory),
            file: Golden.folder() + "/Golden/dry-run-mac-dmg.txt")
    }

    @Test("--resume reuses the package step while its dmg and app are there, and runs it again once the dmg is gone")
    func resume() async throws {
        let failed = try await run("dmg-then-check")
        defer { SigningFixtures.remove(failed.directory) }
        #expect(failed.outcome.exitCode == 1)
        let kept = try await run("dmg-then-check", arguments: ["--resume"], in: failed.directory)
        #expect(kept.outcome.exitCode == 1)
        #expect(kept.outcome.standardOutput.contains("↻ package dmg reused"))
        #expect(kept.outcome.standardOutput.contains("Brewer.app sha256") && kept.outcome.standardOutput.contains("Brewer.dmg sha256"))
        #expect(!kept.records.contains { $0.first == "hdiutil" || ($0.first == "xcodebuild" && !$0.contains("-showBuildSettings")) })
        try FileManager.default.removeItem(atPath: failed.directory + "/build/Brewer.dmg")
        try Data().write(to: URL(fileURLWithPath: failed.directory + "/go"))
        let resumed = try await run("dmg-then-check", arguments: ["--resume"], in: failed.directory)
        #expect(resumed.outcome.exitCode == 0, "\(resumed.outcome.standardOutput)\(resumed.outcome.standardError)")
        #expect((resumed.outcome.standardOutput + resumed.outcome.standardError).contains("package dmg re-runs: Brewer.dmg is gone"))
        #expect(resumed.records.contains { $0.first == "hdiutil" })
        #expect(FileManager.default.fileExists(atPath: failed.directory + "/build/Brewer.dmg"))
    }

    @Test("pkg with an installer .p12 that holds an application identity: exit 1 before any keychain or build")
    func wrongInstallerIdentity() async throws {
        let run = try await run("pkg", installerName: Self.application)
        defer { SigningFixtures.remove(run.directory) }
        #expect(run.outcome.exitCode == 1)
        #expect(run.outcome.standardOutput.contains("holds no 'Developer ID Installer: …' identity"), "\(run.outcome.standardOutput)")
        #expect(!run.records.contains { ["security", "xcodebuild", "productbuild"].contains($0.first ?? "") })
        #expect(!FileManager.default.fileExists(atPath: run.directory + "/build"))
    }
}
