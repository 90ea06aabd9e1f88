import Foundation
@testable import NightshiftApple
@testable import NightshiftCore
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("xcodebuild commands, ExportOptions.plist and the condensed output")
struct BuildingTests {
    let paths = BuildPaths(output: .test("/run/output"), productName: "Example")

    @Test("archive signs through the -xcconfig file alone: no signing setting on the command line, where it reaches every target")
    func archiveCommand() {
        let settings = XcodebuildCommands.ArchiveSettings(
            workspace: "Example.xcworkspace", project: nil, scheme: "Example", buildConfiguration: "Release",
            destination: XcodebuildCommands.defaultDestination, signingXCConfig: paths.signingXCConfig.string, buildNumber: "42")
        let argv = XcodebuildCommands.archive(settings, paths: paths).argv
        #expect(
            argv == [
                "xcodebuild", "archive", "-workspace", "Example.xcworkspace", "-scheme", "Example", "-configuration", "Release",
                "-destination", "generic/platform=iOS", "-archivePath", "/run/output/Example.xcarchive",
                "-derivedDataPath", "/run/output/DerivedData", "-xcconfig", "/run/output/Signing.xcconfig",
                "COMPILER_INDEX_STORE_ENABLE=NO", "CURRENT_PROJECT_VERSION=42",
            ])
        for setting in ["CODE_SIGN_STYLE=", "PROVISIONING_PROFILE_SPECIFIER=", "CODE_SIGN_IDENTITY=", "DEVELOPMENT_TEAM="] {
            #expect(!argv.contains { $0.hasPrefix(setting) })
        }
    }

    @Test("export reads the archive and the options plist, into the run's export folder")
    func exportCommand() {
        #expect(
            XcodebuildCommands.export(paths: paths).argv == [
                "xcodebuild", "-exportArchive", "-archivePath", "/run/output/Example.xcarchive",
                "-exportPath", "/run/output/export", "-exportOptionsPlist", "/run/output/ExportOptions.plist",
            ])
    }

    @Test("ExportOptions.plist: method, manual style, team, profiles merged with the user's keys")
    func exportOptions() throws {
        let options = ExportOptions(
            method: "ad-hoc", teamID: "ABCDE12345", provisioningProfiles: ["com.example.app": "Example AdHoc"],
            extra: [
                "method": .string("ignored"), "uploadSymbols": .bool(true),
                "provisioningProfiles": .dictionary(["com.example.app.widget": .string("Widget AdHoc")]),
            ])
        let data = try options.xmlData()
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("<?xml"))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(plist["method"] as? String == "ad-hoc")
        #expect(plist["signingStyle"] as? String == "manual")
        #expect(plist["teamID"] as? String == "ABCDE12345")
        #expect(plist["uploadSymbols"] as? Bool == true)
        #expect(
            plist["provisioningProfiles"] as? [String: String] == [
                "com.example.app": "Example AdHoc", "com.example.app.widget": "Widget AdHoc",
            ])
        // The user's own entry for a bundle wins over the plan's.
        let mine = ExportOptions(
            method: "ad-hoc", teamID: nil, provisioningProfiles: ["com.example.app": "PLAN-UUID"],
            extra: ["provisioningProfiles": .dictionary(["com.example.app": .string("Mine")])])
        #expect((mine.propertyList["provisioningProfiles"] as? [String: String]) == ["com.example.app": "Mine"])
    }

    @Test("the condensed view keeps errors, warnings, banners, failure summaries and phase changes")
    func condensedOutput() {
        var filter = XcodebuildOutputFilter()
        let text = """
            SwiftCompile normal arm64 /a.swift
            SwiftCompile normal arm64 /b.swift
                cd /project && swiftc -very -long -command
            /a.swift:1:1: warning: unused
            Ld /x/App normal
            /b.swift:2:2: error: no such module
            The following build commands failed:
            \tSwiftCompile normal arm64 /b.swift
            (1 failure)

            ** ARCHIVE FAILED **
            """
        let bytes = Array(text.utf8)
        let shown = filter.feed(Array(bytes[..<10])) + filter.feed(Array(bytes[10...])) + filter.finish()
        #expect(
            shown == [
                "▸ Compiling", "/a.swift:1:1: warning: unused", "▸ Linking", "/b.swift:2:2: error: no such module",
                "The following build commands failed:", "\tSwiftCompile normal arm64 /b.swift", "(1 failure)", "** ARCHIVE FAILED **",
            ])
    }
}
