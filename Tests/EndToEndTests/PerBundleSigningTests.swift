import Foundation
import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Issue #36 through the binary: the Brewer fixture (an app with a widget, a notification
/// service, a watch app, an App Clip, a framework, a Swift package with resources and a
/// build-tool plugin) archived and exported against the strict fake `xcodebuild`, which fails a
/// global profile specifier, a profile for another app id and a bundle missing from
/// ExportOptions as the real one does.
@Suite("every bundle signed with its own profile, end to end", .temporaryDirectory)
struct PerBundleSigningTests {
    static let password = "p12-Pa55-word"

    static func lanes(_ configuration: String = "production", method: String = "app-store", profiles: String = "") -> String {
        """
        project: { name: Brewer, workspace: Brewer.xcworkspace, scheme: Brewer }
        secrets: [CERTIFICATE_PASSWORD]
        codesigning: { path: signing, certificate_password: "${CERTIFICATE_PASSWORD}" }
        configurations:
          \(configuration): { certificate: distribution, provisioning_profile: distribution, build_configuration: \(configuration.capitalized),
                     app_identifier: works.sth.brewer.\(configuration), export_method: \(method), team_id: ABCDE12345\(profiles) }
        lanes:
          release:
            configuration: \(configuration)
            steps: [ package ]
        """
    }

    struct Run {
        var directory: String
        var outcome: NightshiftBinary.Outcome
        var records: [[String]]
        var text: String { outcome.standardOutput + outcome.standardError }
    }

    /// The project and its signing files in a fresh folder, `lanes` as lanes.yml.
    static func folder(
        _ lanes: String, configuration: String = "Production", kind: String = "app-store",
        leaving: Set<String> = [], overrides: [String: [String: String]] = [:]
    ) async throws -> String {
        let directory = try makeTemporaryDirectory()
        try BrewerFixture.copyProject(into: directory)
        try await BrewerFixture.makeSigning(
            in: directory + "/signing", configuration: configuration, kind: kind, password: password, leaving: leaving, overrides: overrides
        )
        try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        return directory
    }

    static func run(_ arguments: [String], in directory: String, path: String = SigningFixtures.fakeTools) async throws -> Run {
        let log = directory + "/fake.log"
        let outcome = try await NightshiftBinary.run(
            arguments, in: directory,
            environment: [
                "PATH": "\(path):/usr/bin:/bin", "NIGHTSHIFT_FAKE_LOG": log, "HOME": directory + "/home",
                "CERTIFICATE_PASSWORD": password,
            ])
        let records = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map {
            $0.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        return Run(directory: directory, outcome: outcome, records: records)
    }

    static func unzipList(_ ipa: String) async throws -> String {
        let result = try await ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
            .capture(ShellCommand("unzip", ["-Z1", ipa]))
        return result.standardOutput
    }

    static func unzipFile(_ ipa: String, _ member: String) async throws -> Data {
        let result = try await ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
            .capture(ShellCommand("unzip", ["-p", ipa, member]))
        return Data(result.standardOutput.utf8)
    }

    @Test(
        "the app, widget, notification service, watch app and App Clip each archive and export with their own profile; the project is untouched"
    )
    func wholeApp() async throws {
        let directory = try await Self.folder(Self.lanes())
        let before = try BrewerFixture.snapshot(directory + "/Brewer.xcodeproj")
        let run = try await Self.run(["run", "release"], in: directory)
        #expect(run.outcome.exitCode == 0, "\(run.text)")
        let archive = try #require(run.records.first { $0.count > 1 && $0[1] == "archive" })
        for setting in ["CODE_SIGN_STYLE=", "CODE_SIGN_IDENTITY=", "PROVISIONING_PROFILE_SPECIFIER=", "DEVELOPMENT_TEAM="] {
            #expect(!archive.contains { $0.hasPrefix(setting) }, "\(setting) on the command line reaches every target")
        }
        #expect(archive.contains("-xcconfig"))
        let ids = BrewerFixture.bundleIDs("Production")
        for role in ["app", "widget", "notification", "watch", "clip"] {
            #expect(run.outcome.standardOutput.contains("sign \(ids[role] ?? "")"), "\(role) in the table")
        }
        #expect(!run.outcome.standardOutput.contains("sign works.sth.BrewerKit"))
        // Each bundle of the archive carries the profile made for it.
        let app = directory + "/.nightshift/runs/release"
        let runs = try FileManager.default.contentsOfDirectory(atPath: app).filter { !$0.hasPrefix(".") && $0 != "latest" }
        let output = "\(app)/\(try #require(runs.first))/output"
        let product = "\(output)/Brewer.xcarchive/Products/Applications/Brewer.app"
        let places = [
            "app": "", "widget": "/PlugIns/BrewerWidget.appex", "notification": "/PlugIns/BrewerNotificationService.appex",
            "watch": "/Watch/BrewerWatch.app", "clip": "/AppClips/BrewerClip.app",
        ]
        for (role, place) in places {
            let file = role == "app" ? "distribution" : "distribution-\(role)"
            let embedded = FileManager.default.contents(atPath: "\(product)\(place)/embedded.mobileprovision")
            #expect(embedded == FileManager.default.contents(atPath: "\(directory)/signing/\(file).mobileprovision"), "\(role)")
        }
        // The .ipa holds every bundle, each with its profile.
        let listing = try await Self.unzipList(output + "/Brewer.ipa")
        for place in places.values {
            #expect(listing.contains("Payload/Brewer.app\(place)/embedded.mobileprovision"), "\(place) in the .ipa")
        }
        let options = try String(contentsOfFile: output + "/ExportOptions.plist", encoding: .utf8)
        for id in ids.values { #expect(options.contains("<key>\(id)</key>")) }
        #expect(try BrewerFixture.snapshot(directory + "/Brewer.xcodeproj") == before)
        // The plan is in the run's journal: what each bundle was signed with.
        let journal = try String(contentsOfFile: "\(app)/\(try #require(runs.first))/journal.json", encoding: .utf8)
        #expect(
            journal.contains(
                "\"bundle works.sth.brewer.production.widget\":\"6F1E3C2A-1B2C-4D5E-8F90-000000000002 Brewer widget Production\""))
    }

    @Test("--resume reuses the archive while the signing folder's profiles are unchanged, and signs again once one is renewed")
    func resumeAfterRenewedProfile() async throws {
        let lanes = Self.lanes().replacingOccurrences(of: "steps: [ package ]", with: "steps: [ package, { sh: test -f go } ]")
        let directory = try await Self.folder(lanes)
        let failed = try await Self.run(["run", "release"], in: directory)
        #expect(failed.outcome.exitCode == 1, "\(failed.text)")
        try Data().write(to: URL(fileURLWithPath: directory + "/go"))
        let kept = try await Self.run(["run", "release", "--resume"], in: directory)
        #expect(kept.outcome.exitCode == 0, "\(kept.text)")
        #expect(kept.outcome.standardOutput.contains("↻ package reused"), "\(kept.text)")
        // Renewed: the widget's profile made again (another certificate date, another file).
        try FileManager.default.removeItem(atPath: directory + "/go")
        let again = try await Self.run(["run", "release"], in: directory)
        #expect(again.outcome.exitCode == 1)
        try await BrewerFixture.makeSigning(
            in: directory + "/signing", configuration: "Production", kind: "app-store", password: Self.password,
            leaving: ["app", "notification", "watch", "clip"],
            overrides: ["widget": ["KEEP_IDENTITY": "1", "PROFILE_EXPIRY": "2034-01-01T00:00:00Z"]])
        try Data().write(to: URL(fileURLWithPath: directory + "/go"))
        let renewed = try await Self.run(["run", "release", "--resume"], in: directory)
        #expect(renewed.outcome.exitCode == 0, "\(renewed.text)")
        #expect(renewed.text.contains("the provisioning profiles in the signing folder changed"), "\(renewed.text)")
        #expect(renewed.records.contains { $0.count > 1 && $0[1] == "archive" })
    }

    @Test("a folder in fastlane match's layout (AppStore_<bundle id>.mobileprovision, as import-match writes it) signs every bundle")
    func matchLayout() async throws {
        let ids = BrewerFixture.bundleIDs("Production")
        let names = Dictionary(uniqueKeysWithValues: ids.map { ($0.key, ["PROFILE_FILE": "AppStore_\($0.value)"]) })
        let lanes = Self.lanes().replacingOccurrences(
            of: "provisioning_profile: distribution", with: "provisioning_profile: AppStore_works.sth.brewer.production")
        let directory = try await Self.folder(lanes, overrides: names)
        let run = try await Self.run(["run", "release"], in: directory)
        #expect(run.outcome.exitCode == 0, "\(run.text)")
        #expect(run.outcome.standardOutput.contains("sign works.sth.brewer.production.widget (BrewerWidget) → Brewer widget Production"))
    }

    @Test("every bundle without a fitting profile is named before any xcodebuild archive, all in one message, exit 1")
    func preflightNamesEveryBundle() async throws {
        // No widget profile; the App Clip's lacks Associated Domains; the watch app's is ad hoc.
        let directory = try await Self.folder(
            Self.lanes(), leaving: ["widget"],
            overrides: ["clip": ["ENTITLEMENTS_XML": ""], "watch": ["PROFILE_KIND": "ad-hoc"]])
        let run = try await Self.run(["run", "release"], in: directory)
        #expect(run.outcome.exitCode == 1, "\(run.text)")
        #expect(!run.records.contains { $0.count > 1 && ($0[1] == "archive" || $0[1] == "-exportArchive") })
        #expect(run.text.contains("3 signed bundles cannot be signed"), "\(run.text)")
        #expect(
            run.text.contains(
                "bundle 'works.sth.brewer.production.widget' (target 'BrewerWidget'): no profile in signing is for this bundle id"))
        #expect(run.text.contains("bundle 'works.sth.brewer.production.Clip' (target 'BrewerClip')"))
        #expect(run.text.contains("Associated Domains (com.apple.developer.associated-domains)"))
        #expect(run.text.contains("bundle 'works.sth.brewer.production.watchkitapp' (target 'BrewerWatch')"))
        #expect(run.text.contains("export_method app-store needs App Store"))
    }

    @Test("a dry run shows the bundle → profile table and the -xcconfig archive, and writes nothing")
    func dryRunTable() async throws {
        let directory = try await Self.folder(Self.lanes())
        let run = try await Self.run(["run", "release", "--dry-run"], in: directory)
        #expect(run.outcome.exitCode == 0, "\(run.text)")
        #expect(
            run.outcome.standardOutput.contains(
                "$ xcodebuild -showBuildSettings -json -workspace Brewer.xcworkspace -scheme Brewer -configuration Production -skipPackageUpdates"
            ))
        #expect(
            run.outcome.standardOutput.contains(
                "sign works.sth.brewer.production.Clip (BrewerClip) → Brewer clip Production (6F1E3C2A-1B2C-4D5E-8F90-000000000005)"))
        #expect(run.outcome.standardOutput.contains("-xcconfig "))
        #expect(!FileManager.default.fileExists(atPath: directory + "/home/Library/Developer"))
        #expect(run.records.allSatisfy { $0.count > 1 && $0[1] == "-showBuildSettings" })
    }

    @Test("SIGTERM mid-archive: exit 143, the project byte for byte as it was")
    func killedMidArchive() async throws {
        let directory = try await Self.folder(Self.lanes())
        // An xcodebuild that says where it is, then waits, in front of the fake.
        let tools = directory + "/tools"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        try """
        #!/bin/sh
        case " $* " in *" archive "*) echo $PPID > \(directory)/nightshift.pid; exec sleep 300 ;; esac
        exec \(SigningFixtures.fakeTools)/xcodebuild "$@"
        """.write(toFile: tools + "/xcodebuild", atomically: true, encoding: .utf8)
        chmod(tools + "/xcodebuild", 0o755)
        let before = try BrewerFixture.snapshot(directory)
        async let outcome = Self.run(["run", "release"], in: directory, path: "\(tools):\(SigningFixtures.fakeTools)")
        let pid = try await SignalTests.waitForPID(in: directory + "/nightshift.pid")
        kill(pid, SIGTERM)
        let run = try await outcome
        #expect(run.outcome.exitCode == 143, "\(run.text)")
        let after = try BrewerFixture.snapshot(directory).filter { path, _ in before[path] != nil }
        #expect(after == before, "a file the run found changed: \(after.keys.filter { after[$0] != before[$0] })")
    }

    @Test("profiles: names a bundle's profile; one naming a profile for another app is named before the build")
    func namedProfile() async throws {
        let wrong = ", profiles: { works.sth.brewer.production.widget: distribution-notification }"
        let directory = try await Self.folder(Self.lanes(profiles: wrong))
        let run = try await Self.run(["run", "release"], in: directory)
        #expect(run.outcome.exitCode == 1, "\(run.text)")
        #expect(run.text.contains("profiles.works.sth.brewer.production.widget names 'Brewer notification Production'"), "\(run.text)")
        let right = ", profiles: { works.sth.brewer.production.widget: distribution-widget }"
        try Self.lanes(profiles: right).write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let again = try await Self.run(["run", "release"], in: directory)
        #expect(again.outcome.exitCode == 0, "\(again.text)")
        #expect(again.outcome.standardOutput.contains("by profiles.works.sth.brewer.production.widget"))
    }

    @Test("profiles lists every bundle of the configuration with its profile and expiry")
    func profilesCommand() async throws {
        let directory = try await Self.folder(Self.lanes())
        let run = try await Self.run(["profiles"], in: directory)
        #expect(run.outcome.exitCode == 0, "\(run.text)")
        for id in BrewerFixture.bundleIDs("Production").values {
            #expect(run.outcome.standardOutput.contains("    \(id) ("), "\(id): \(run.outcome.standardOutput)")
        }
        #expect(run.outcome.standardOutput.contains("expires 2035-01-01"))
    }

    @Test("a bad bundle id under profiles: is a located error, exit 2")
    func badBundleKey() async throws {
        let directory = try makeTemporaryDirectory()
        try Self.lanes(profiles: ", profiles: { \"works/sth\": x }").write(
            toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let run = try await Self.run(["validate"], in: directory)
        #expect(run.outcome.exitCode == 2)
        #expect(run.text.contains("lanes.yml:6:"), "\(run.text)")
        #expect(run.text.contains("'works/sth' in configuration 'production' profiles is not a bundle identifier"))
    }

    static let netNewsWireFolder = SigningFixtures.repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/reference/xcodeprojects/netnewswire").path

    @Test(
        "NetNewsWire's real project: the iOS app, its share extension and its widget, each with a profile granting its App Groups, iCloud and keychain groups",
        .enabled(
            if: FileManager.default.fileExists(atPath: netNewsWireFolder),
            "../shared/reference/xcodeprojects/netnewswire is not beside the repository"))
    func netNewsWire() async throws {
        let directory = try makeTemporaryDirectory()
        for entry in try FileManager.default.contentsOfDirectory(atPath: Self.netNewsWireFolder) {
            try FileManager.default.copyItem(atPath: "\(Self.netNewsWireFolder)/\(entry)", toPath: "\(directory)/\(entry)")
        }
        let team = "M8L2WTLA8W"
        let app = "com.ranchero.NetNewsWire.iOS"
        let shared =
            "<key>com.apple.security.application-groups</key><array><string>group.com.ranchero.NetNewsWire.iOS</string></array>"
            + "<key>keychain-access-groups</key><array><string>\(team).*</string></array>"
        let profiles: [(String, String, String)] = [
            (
                "distribution", app,
                shared + "<key>aps-environment</key><string>production</string>"
                    + "<key>com.apple.developer.icloud-container-environment</key><array><string>Production</string></array>"
                    + "<key>com.apple.developer.icloud-container-identifiers</key><array><string>iCloud.com.ranchero.NetNewsWire</string></array>"
                    + "<key>com.apple.developer.icloud-services</key><array><string>CloudKit</string></array>"
                    + "<key>com.apple.developer.ubiquity-kvstore-identifier</key><string>\(team).*</string>"
            ),
            ("share", "\(app).Share-Extension", shared),
            ("widget", "\(app).SpringboardWidgets", shared),
        ]
        for (index, (file, id, entitlements)) in profiles.enumerated() {
            var settings = [
                "P12_PASSWORD": Self.password, "TEAM_ID": team, "APP_ID": "\(team).\(id)", "PROFILE_KIND": "app-store",
                "PROFILE_NAME": "NetNewsWire \(file)", "PROFILE_UUID": "4E4E5700-0000-4000-8000-00000000000\(index)",
                "PROFILE_FILE": file, "ENTITLEMENTS_XML": entitlements,
            ]
            if index > 0 { settings["KEEP_IDENTITY"] = "1" }
            try await SigningFixtures.make(in: directory + "/signing", settings)
        }
        try """
        project: { name: NetNewsWire, project: NetNewsWire.xcodeproj, scheme: NetNewsWire-iOS }
        secrets: [CERTIFICATE_PASSWORD]
        codesigning: { path: signing, certificate_password: "${CERTIFICATE_PASSWORD}" }
        configurations:
          production: { certificate: distribution, provisioning_profile: distribution, build_configuration: Release,
                        app_identifier: \(app), export_method: app-store, team_id: \(team) }
        lanes:
          release: { configuration: production, steps: [ package ] }
        """.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        let before = try BrewerFixture.snapshot(directory + "/NetNewsWire.xcodeproj")
        let run = try await Self.run(["run", "release"], in: directory)
        #expect(run.outcome.exitCode == 0, "\(run.text)")
        for id in [app, "\(app).Share-Extension", "\(app).SpringboardWidgets"] {
            #expect(run.outcome.standardOutput.contains("sign \(id) ("), "\(id)")
        }
        #expect(try BrewerFixture.snapshot(directory + "/NetNewsWire.xcodeproj") == before)
        // Without the widget's profile, the widget is named before the build.
        try FileManager.default.removeItem(atPath: directory + "/signing/widget.mobileprovision")
        let missing = try await Self.run(["run", "release"], in: directory)
        #expect(missing.outcome.exitCode == 1)
        #expect(missing.text.contains("bundle '\(app).SpringboardWidgets' (target 'NetNewsWire iOS Widget Extension')"), "\(missing.text)")
    }
}
