import Foundation
import NightshiftTestSupport
import Testing

/// `upload: { to: sentry | crashlytics }` through the built binary, the fake `sentry-cli`,
/// `upload-symbols` and `xcrun dwarfdump` (FakeTools), from an archive laid out as Xcode writes
/// one: an app, a framework and an extension with their dSYMs, and a vendored framework without.
@Suite("nightshift run with dSYM uploads, end to end", .temporaryDirectory)
struct SymbolUploadLaneTests {
    static let fakeTools = UploadLaneTests.fakeTools
    static let token = "sntrys_e2e-token-5b7d0c"
    static let vendorUUID = "44444444-4444-4444-4444-444444444444"

    /// Writes `<archive>/Products/Applications/App.app` and `<archive>/dSYMs`: each binary a fake
    /// Mach-O whose `uuid=` the fake dwarfdump reports, Vendor.framework without its dSYM.
    static let makeArchive = #"""
        set -e
        a="$1"; app="$a/Products/Applications/App.app"
        mkdir -p "$app/Frameworks/Kit.framework" "$app/Frameworks/Vendor.framework" "$app/PlugIns/Widget.appex"
        mach() { printf '\317\372\355\376 fake Mach-O uuid=%s arch=arm64\n' "$2" > "$1"; }
        dsym() { mkdir -p "$a/dSYMs/$1/Contents/Resources/DWARF"; printf 'fake DWARF uuid=%s arch=arm64\n' "$3" > "$a/dSYMs/$1/Contents/Resources/DWARF/$2"; }
        mach "$app/App" 11111111-1111-1111-1111-111111111111; dsym App.app.dSYM App 11111111-1111-1111-1111-111111111111
        mach "$app/Frameworks/Kit.framework/Kit" 22222222-2222-2222-2222-222222222222
        dsym Kit.framework.dSYM Kit 22222222-2222-2222-2222-222222222222
        mach "$app/PlugIns/Widget.appex/Widget" 33333333-3333-3333-3333-333333333333
        dsym Widget.appex.dSYM Widget 33333333-3333-3333-3333-333333333333
        mach "$app/Frameworks/Vendor.framework/Vendor" 44444444-4444-4444-4444-444444444444
        cp GoogleService-Info.plist "$app/"
        """#

    static func lanes(sentryOptions: String = "") -> String {
        """
        project: { name: App }
        lanes:
          symbols:
            steps:
              - sh: sh make-archive.sh "$NIGHTSHIFT_OUTPUT_DIR/App.xcarchive"
              - upload: { to: sentry, org: acme, project: ios\(sentryOptions) }
              - upload: { to: crashlytics }
        """
    }

    struct Project {
        let directory: String
        let log: String

        init(lanes: String, withUploadSymbols: Bool = true) throws {
            directory = try makeTemporaryDirectory()
            log = directory + "/fake.log"
            try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
            try SymbolUploadLaneTests.makeArchive.write(toFile: directory + "/make-archive.sh", atomically: true, encoding: .utf8)
            let plist = try PropertyListSerialization.data(fromPropertyList: ["GOOGLE_APP_ID": "1:123:ios:abc"], format: .xml, options: 0)
            try plist.write(to: URL(fileURLWithPath: directory + "/GoogleService-Info.plist"))
            if withUploadSymbols {
                try FileManager.default.createDirectory(atPath: directory + "/Pods/FirebaseCrashlytics", withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    atPath: directory + "/Pods/FirebaseCrashlytics/upload-symbols",
                    withDestinationPath: fakeTools + "/crashlytics/upload-symbols")
            }
        }

        func run(_ arguments: [String]) async throws -> NightshiftBinary.Outcome {
            try await NightshiftBinary.run(
                arguments, in: directory,
                environment: [
                    "PATH": "\(SymbolUploadLaneTests.fakeTools):/usr/bin:/bin", "NIGHTSHIFT_FAKE_LOG": log,
                    "SENTRY_AUTH_TOKEN": SymbolUploadLaneTests.token, "FAKE_SENTRY_TOKEN": SymbolUploadLaneTests.token,
                ])
        }

        var records: [[String]] { (try? UploadLaneTests.records(log)) ?? [] }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    @Test("sentry and crashlytics get the archive's dSYMs; the framework without one is named; the token stays in sentry-cli's environment")
    func uploadsBoth() async throws {
        let project = try Project(lanes: Self.lanes())
        defer { project.remove() }
        let outcome = try await project.run(["run", "symbols"])
        let output = outcome.standardOutput + outcome.standardError
        #expect(outcome.exitCode == 0, "\(output)")
        let records = project.records
        let sentry = try #require(records.first { $0.first == "sentry-cli" })
        #expect(Array(sentry.prefix(7)) == ["sentry-cli", "debug-files", "upload", "--org", "acme", "--project", "ios"])
        #expect(sentry.count == 8)
        #expect(sentry.last?.hasSuffix("/App.xcarchive/dSYMs") == true, "\(sentry)")
        let environment = try #require(records.first { $0.first == "sentry-cli<env>" })
        #expect(Array(environment.prefix(3)) == ["sentry-cli<env>", "token=set", "matches=yes"])
        let crashlytics = try #require(records.first { $0.first == "upload-symbols" })
        let plist: String = crashlytics[2]
        #expect(crashlytics[1] == "-gsp")
        #expect(plist.hasSuffix("/App.xcarchive/Products/Applications/App.app/GoogleService-Info.plist"))
        #expect(Array(crashlytics[3...4]) == ["-p", "ios"])
        #expect(crashlytics[5].hasSuffix("/App.xcarchive/dSYMs"))
        let dwarfdump = try #require(records.first { $0.first == "dwarfdump" })
        // `--uuid`, then four binaries and three dSYMs, in one call.
        let paths: [String] = Array(dwarfdump.dropFirst(2))
        #expect(paths.count == 7, "\(dwarfdump)")
        let warning = "warning: upload to sentry: no dSYM for Vendor.framework (UUID \(Self.vendorUUID))"
        #expect(output.contains(warning), "\(output)")
        #expect(outcome.standardOutput.contains("> Uploaded 3 missing debug information files"))
        #expect(!output.contains(Self.token))
        let fields: [String] = records.flatMap { $0 }
        #expect(!fields.contains(Self.token), "the token on some tool's command line")
    }

    @Test("require_all: true fails the upload before anything is sent, naming the framework without a dSYM")
    func requireAll() async throws {
        let project = try Project(lanes: Self.lanes(sentryOptions: ", require_all: true"))
        defer { project.remove() }
        let outcome = try await project.run(["run", "symbols"])
        #expect(outcome.exitCode == 1)
        #expect(
            outcome.standardOutput.contains("upload to sentry: no dSYM for Vendor.framework (UUID \(Self.vendorUUID))")
                && outcome.standardOutput.contains("(require_all: true)"), "\(outcome.standardOutput)")
        #expect(!project.records.contains { $0.first == "sentry-cli" || $0.first == "upload-symbols" })
    }

    @Test("a dry run shows the UUID check and both commands, and runs none of them")
    func dryRun() async throws {
        let project = try Project(lanes: Self.lanes())
        defer { project.remove() }
        let outcome = try await project.run(["run", "symbols", "--dry-run"])
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let stdout = outcome.standardOutput
        #expect(stdout.contains("xcrun dwarfdump --uuid"))
        #expect(stdout.contains("sentry-cli debug-files upload --org acme --project ios"))
        #expect(stdout.contains("-gsp") && stdout.contains("-p ios"))
        #expect(!stdout.contains(Self.token))
        #expect(!project.records.contains { ["sentry-cli", "upload-symbols", "dwarfdump"].contains($0.first) })
    }

    @Test("crashlytics without upload-symbols: the step fails naming every place it looked")
    func missingUploadSymbols() async throws {
        let project = try Project(lanes: Self.lanes(), withUploadSymbols: false)
        defer { project.remove() }
        let outcome = try await project.run(["run", "symbols"])
        #expect(outcome.exitCode == 1)
        let stdout = outcome.standardOutput
        #expect(stdout.contains("Crashlytics' upload-symbols was not found; looked in: "), "\(stdout)")
        #expect(stdout.contains("/SourcePackages/checkouts/firebase-ios-sdk/Crashlytics/upload-symbols"))
        #expect(stdout.contains("/Pods/FirebaseCrashlytics/upload-symbols"))
        #expect(stdout.contains("Set 'upload_symbols:' to its path"))
    }
}
