import Foundation
import NightshiftTestSupport
import Testing

/// The real NetNewsWire project, next to the repository (as the fake xcodebuild's tests find it).
let netNewsWireProject = SigningFixtures.repositoryRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/reference/xcodeprojects/netnewswire").path

/// `nightshift init` against real projects through the strict fake xcodebuild: the file it writes
/// validates, passes check-jsonschema against the schema it names, and every lane dry-runs as is.
@Suite("nightshift init, end to end", .temporaryDirectory)
struct InitCommandTests {
    static let netNewsWire = netNewsWireProject

    static func run(_ arguments: [String], in directory: String) async throws -> NightshiftBinary.Outcome {
        try await NightshiftBinary.run(
            arguments, in: directory,
            environment: ["PATH": "\(SigningFixtures.fakeTools):/usr/bin:/bin", "HOME": directory + "/home"])
    }

    static func project(_ source: String) throws -> String {
        let directory = try makeTemporaryDirectory()
        try BrewerFixture.copyProject(into: directory, from: source)
        return directory
    }

    /// init, then validate, check-jsonschema and a dry run of each lane; the lanes file's text.
    static func initialise(_ directory: String, _ arguments: [String] = []) async throws -> String {
        let made = try await run(["init"] + arguments, in: directory)
        #expect(made.exitCode == 0, "\(made.standardOutput)\(made.standardError)")
        let text = try String(contentsOfFile: directory + "/lanes.yml", encoding: .utf8)
        #expect(text.hasPrefix("# yaml-language-server: $schema=.nightshift/lanes.schema.json\n"))
        #expect(FileManager.default.fileExists(atPath: directory + "/.nightshift/lanes.schema.json"))
        let ignored = try String(contentsOfFile: directory + "/.gitignore", encoding: .utf8)
        #expect(ignored.split(separator: "\n").contains(".nightshift/"))
        let validated = try await run(["validate"], in: directory)
        #expect(validated.exitCode == 0, "\(validated.standardError)")
        if let checker = BuildToolsVenv.executable("check-jsonschema") {
            let checked = try await RepositoryFiles.run(
                checker, ["--schemafile", directory + "/.nightshift/lanes.schema.json", directory + "/lanes.yml"])
            #expect(checked.status == 0, "\(checked.output)")
        }
        for lane in ["test", "beta"] {
            let dry = try await run(["run", lane, "--dry-run", "--env", "example"], in: directory)
            #expect(dry.exitCode == 0, "\(lane): \(dry.standardOutput)\(dry.standardError)")
        }
        return text
    }

    @Test("Brewer's workspace: staging and production from its build configurations, every extension's profile")
    func brewer() async throws {
        let directory = try Self.project(BrewerFixture.project)
        let text = try await Self.initialise(directory)
        for line in [
            "  workspace: Brewer.xcworkspace", "  scheme: Brewer", "    build_configuration: Staging",
            "    build_configuration: Production",
            "    app_identifier: works.sth.brewer.staging", "    app_identifier: works.sth.brewer.production", "    export_method: ad-hoc",
            "    export_method: app-store", "      works.sth.brewer.production.widget: BrewerWidget AppStore",
            "      works.sth.brewer.staging.watchkitapp: BrewerWatch AdHoc",
        ] {
            #expect(text.contains(line + "\n") || text.contains(line + " "), "\(line)")
        }
        #expect(text.contains("team_id: ABCDE12345"))
        let env = try String(contentsOfFile: directory + "/.env.example", encoding: .utf8)
        for name in ["CODESIGNING_PATH=", "CERTIFICATE_PASSWORD=", "KEYCHAIN_PASSWORD=", "APP_STORE_CONNECT_API_KEY_KEY_ID="] {
            #expect(env.contains("\n" + name), "\(name)")
        }
    }

    @Test("An existing lanes.yml is kept unless --force; --output - prints and writes nothing")
    func neverOverwrites() async throws {
        let directory = try Self.project(BrewerFixture.project)
        try "lanes: { a: { steps: [{ sh: make }] } }\n".write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let refused = try await Self.run(["init"], in: directory)
        #expect(refused.exitCode == 1)
        #expect(refused.standardError.contains("lanes.yml already exists"))
        #expect(try String(contentsOfFile: directory + "/lanes.yml", encoding: .utf8).hasPrefix("lanes: { a:"))
        let printed = try await Self.run(["init", "--output", "-"], in: directory)
        #expect(printed.exitCode == 0, "\(printed.standardError)")
        #expect(printed.standardOutput.hasPrefix("# yaml-language-server: $schema="))
        #expect(!FileManager.default.fileExists(atPath: directory + "/.env.example"))
        let forced = try await Self.run(["init", "--force"], in: directory)
        #expect(forced.exitCode == 0, "\(forced.standardError)")
        #expect(try String(contentsOfFile: directory + "/lanes.yml", encoding: .utf8) == printed.standardOutput)
    }

    @Test("BrewerMac: a Developer ID staging build, an App Store build for TestFlight, the share extension's profile")
    func brewerMac() async throws {
        let directory = try Self.project(BrewerFixture.macProject)
        let text = try await Self.initialise(directory, ["--project", "Brewer.xcodeproj"])
        for line in [
            "  project: Brewer.xcodeproj", "    export_method: developer-id", "    build_configuration: Release",
            "      works.sth.brewer.mac.share: BrewerShare", "          platform: macos", "destination: \"platform=macOS\"",
        ] {
            #expect(text.contains(line), "\(line)")
        }
    }

    @Test(
        "NetNewsWire: two app schemes are named in the error; with --scheme, the iOS app and its extensions",
        .enabled(
            if: FileManager.default.fileExists(atPath: netNewsWireProject),
            "the NetNewsWire reference project is not next to the repository"))
    func netNewsWire() async throws {
        let directory = try Self.project(Self.netNewsWire)
        let ambiguous = try await Self.run(["init"], in: directory)
        #expect(ambiguous.exitCode == 1)
        #expect(ambiguous.standardError.contains("several schemes of NetNewsWire.xcodeproj build an app: NetNewsWire, NetNewsWire-iOS"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/lanes.yml"))
        let text = try await Self.initialise(directory, ["--scheme", "NetNewsWire-iOS"])
        #expect(text.contains("  scheme: NetNewsWire-iOS"))
        #expect(text.contains("    build_configuration: Release"))
        #expect(text.contains("    profiles:"))
        // The Mac app of the same project: Developer ID staging builds, TestFlight for macOS.
        let mac = try await Self.run(["init", "--scheme", "NetNewsWire", "--force"], in: directory)
        #expect(mac.exitCode == 0, "\(mac.standardError)")
        let macText = try String(contentsOfFile: directory + "/lanes.yml", encoding: .utf8)
        #expect(macText.contains("    export_method: developer-id"))
        #expect(macText.contains("          platform: macos"))
        for lane in ["test", "beta"] {
            let dry = try await Self.run(["run", lane, "--dry-run", "--env", "example"], in: directory)
            #expect(dry.exitCode == 0, "\(lane): \(dry.standardOutput)\(dry.standardError)")
        }
    }
}
