import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("The .ipa's version, build and bundle id")
struct IPABundleInfoTests {
    static let values = ["CFBundleShortVersionString": "2.0", "CFBundleVersion": "2024.11.3", "CFBundleIdentifier": "com.example.app"]

    /// A shell whose `unzip -p` answers with `bytes` as they are (a binary plist is no UTF-8).
    actor BytesUnzip: ShellRunner {
        let listing: String
        let plist: [UInt8]
        private(set) var argvs: [[String]] = []

        init(listing: String, plist: [UInt8]) {
            self.listing = listing
            self.plist = plist
        }

        nonisolated func run(_ command: ShellCommand, onOutput: @escaping @Sendable (OutputChannel, [UInt8]) async -> Void) async throws
            -> Termination
        {
            await record(command.argv)
            switch Array(command.argv.prefix(2)) {
            case ["unzip", "-Z1"]: await onOutput(.standardOutput, Array(listing.utf8))
            case ["unzip", "-p"]: await onOutput(.standardOutput, plist)
            default: throw ShellRunnerError(executable: command.executable, reason: "unscripted command: \(command.argv)")
            }
            return .exited(0)
        }

        private func record(_ argv: [String]) { argvs.append(argv) }
    }

    @Test("a binary Info.plist, as Xcode writes it", arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func readsPlist(format: PropertyListSerialization.PropertyListFormat) async throws {
        let data = try PropertyListSerialization.data(fromPropertyList: Self.values, format: format, options: 0)
        let shell = BytesUnzip(listing: "Payload/App [Beta].app/Info.plist\n", plist: Array(data))
        let info = try await IPABundleInfo.read(ipa: "/b/App.ipa", shell: shell)
        #expect(info == IPABundleInfo(shortVersion: "2.0", version: "2024.11.3", bundleID: "com.example.app"))
        #expect(info.displayVersion == "2.0 (2024.11.3)")
        // unzip reads `[` as a wildcard: quoted.
        #expect(await shell.argvs.last == ["unzip", "-p", "/b/App.ipa", "Payload/App \\[Beta\\].app/Info.plist"])
    }

    @Test("only the app's own Info.plist counts, not a framework's or an extension's")
    func mainPlistOnly() {
        let entries = [
            "Payload/A.app/Frameworks/F.framework/Info.plist", "Payload/A.app/PlugIns/W.appex/Info.plist", "Payload/A.app/Info.plist",
        ]
        #expect(IPABundleInfo.mainInfoPlist(in: entries) == "Payload/A.app/Info.plist")
        #expect(IPABundleInfo.mainInfoPlist(in: ["Payload/A.app/PlugIns/W.appex/Info.plist"]) == nil)
    }

    @Test("no Info.plist, or one without a version, is a clear failure")
    func failures() async throws {
        let noApp = await #expect(throws: UploadError.self) {
            try await IPABundleInfo.read(ipa: "/b/App.zip", shell: BytesUnzip(listing: "readme.txt\n", plist: []))
        }
        #expect(noApp?.message == "'/b/App.zip' has no Payload/<Name>.app/Info.plist: is it an .ipa?")
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.example.app"], format: .binary, options: 0)
        let noVersion = await #expect(throws: UploadError.self) {
            try await IPABundleInfo.read(ipa: "/b/App.ipa", shell: BytesUnzip(listing: "Payload/A.app/Info.plist\n", plist: Array(data)))
        }
        #expect(noVersion?.message == "Payload/A.app/Info.plist has no CFBundleShortVersionString")
    }

    @Test("unzip's own failure is quoted")
    func unzipFails() async throws {
        let shell = ScriptedShellRunner()
        await shell.on(
            ["unzip", "-Z1"], .output([(.standardError, "unzip:  cannot find zipfile directory in one of /b/App.ipa\n")], .exited(9)))
        let error = await #expect(throws: UploadError.self) { try await IPABundleInfo.read(ipa: "/b/App.ipa", shell: shell) }
        #expect(
            error?.message
                == "cannot list the contents of /b/App.ipa: unzip exit code 9: unzip:  cannot find zipfile directory in one of /b/App.ipa")
    }
}
