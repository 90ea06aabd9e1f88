import Foundation
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("the archived app's binaries against its dSYMs, by UUID", .temporaryDirectory)
struct SymbolCoverageTests {
    @Test("thousands of long paths: several dwarfdump calls, each within a Mac's ARG_MAX, every path read once, the slices joined")
    func boundedByArgumentMaximum() async throws {
        let folder = "/Volumes/ci/" + String(repeating: "deep/", count: 40) + "App.xcarchive/Products/Applications/App.app/Frameworks"
        let paths = (0..<4000).map { "\(folder)/Framework\($0).framework/Framework\($0)" }
        let scripted = ScriptedShellRunner()
        let line = "UUID: 243968B1-F259-32E9-B506-B0DF3D00701F (arm64) \(paths[0])\n"
        await scripted.on(
            ["xcrun", "dwarfdump", "--uuid"], responses: (0..<10).map { _ in .output([(.standardOutput, line)], .exited(0)) })
        let read = try await DwarfdumpUUIDs.read(paths, shell: ArgumentLimitShell(inner: scripted), destination: .bugsnag)
        let calls = await scripted.argvs
        #expect(calls.count > 1)
        #expect(calls.flatMap { $0.dropFirst(3) } == paths)
        #expect(read.slices.count == calls.count)
        #expect(await scripted.unscripted.isEmpty)
    }

    @Test("dwarfdump's lines: one per architecture, a dSYM named by the DWARF file inside it")
    func parsesDwarfdump() {
        let uuids = DwarfdumpUUIDs.parse(
            """
            UUID: 243968b1-f259-32e9-b506-b0df3d00701f (arm64) /a/App.app/App
            UUID: 11111111-F259-32E9-B506-B0DF3D00701F (x86_64) /a/App.app/App
            warning: something dwarfdump says
            UUID: 243968B1-F259-32E9-B506-B0DF3D00701F (arm64) /d/App.app.dSYM/Contents/Resources/DWARF/App
            """)
        #expect(uuids.slices(of: "/a/App.app/App").map(\.architecture) == ["arm64", "x86_64"])
        #expect(uuids.slices(of: "/d/App.app.dSYM").map(\.uuid) == ["243968B1-F259-32E9-B506-B0DF3D00701F"])
        #expect(uuids.slices(of: "/d/App.app.dSYMx").isEmpty)
    }

    @Test("a binary is covered only when every architecture has its dSYM; one without any UUID read is named too")
    func compares() {
        let binaries = [
            ArchivedBinary(name: "App.app", path: "/a/App"), ArchivedBinary(name: "Fat.framework", path: "/a/Fat"),
            ArchivedBinary(name: "Odd.dylib", path: "/a/Odd.dylib"),
        ]
        let uuids = DwarfdumpUUIDs.parse(
            """
            UUID: A (arm64) /a/App
            UUID: B (arm64) /a/Fat
            UUID: C (x86_64) /a/Fat
            UUID: A (arm64) /d/App.app.dSYM/Contents/Resources/DWARF/App
            UUID: B (arm64) /d/Fat.framework.dSYM/Contents/Resources/DWARF/Fat
            """)
        let coverage = SymbolCoverage.compare(binaries: binaries, dsyms: ["/d/App.app.dSYM", "/d/Fat.framework.dSYM"], uuids: uuids)
        #expect(coverage.uncovered.map(\.binary.name) == ["Fat.framework", "Odd.dylib"])
        #expect(
            coverage.problem
                == "no dSYM for Fat.framework (UUID C), Odd.dylib (dwarfdump read no UUID): crashes in them will not be symbolicated")
    }

    @Test("an iOS app's binaries: its executable, frameworks, dylibs and extensions, recursively; resource bundles skipped")
    func listsIOSBinaries() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let app = scratch.path + "/Products/Applications/App.app"
        for file in [
            "App", "Frameworks/Kit.framework/Kit", "Frameworks/libswift_Concurrency.dylib", "PlugIns/Widget.appex/Widget",
            "PlugIns/Widget.appex/Frameworks/W.framework/W", "Assets.bundle/Info.plist",
        ] {
            let path = app + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect(
            ArchivedBinaries.of(app: app).map(\.name) == [
                "App.app", "Kit.framework", "libswift_Concurrency.dylib", "Widget.appex", "W.framework",
            ])
    }

    @Test("a macOS app's binary is Contents/MacOS/<CFBundleExecutable>")
    func listsMacBinaries() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let app = scratch.path + "/Mac App.app"
        try FileManager.default.createDirectory(atPath: app + "/Contents/MacOS", withIntermediateDirectories: true)
        let plist = try PropertyListSerialization.data(fromPropertyList: ["CFBundleExecutable": "MacApp"], format: .xml, options: 0)
        try plist.write(to: URL(fileURLWithPath: app + "/Contents/Info.plist"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: app + "/Contents/MacOS/MacApp"))
        #expect(ArchivedBinaries.of(app: app) == [ArchivedBinary(name: "Mac App.app", path: app + "/Contents/MacOS/MacApp")])
    }
}
