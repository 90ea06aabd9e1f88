import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Installed Xcodes found on disk by their plists (issue #39), never by file name.
@Suite("Xcodes on disk", .temporaryDirectory)
struct DiskXcodeInstallsTests {
    @Test("every Xcode in the search path, by Info.plist and version.plist (XML or binary), links and other apps left out")
    func search() throws {
        let folder = try TemporaryDirectory.make("apps")
        let other = try TemporaryDirectory.make("more")
        try FakeXcodeApp(in: folder, name: "Xcode.app", version: "26.2", build: "17C52", binary: true)
        try FakeXcodeApp(in: folder, name: "Renamed by hand.app", version: "26.1.1", build: "17B100")
        try FakeXcodeApp(in: other, name: "Xcode_26.5.0-beta3.app", version: "26.5", build: "17F5030d", beta: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/Xcode_26.2.app", withDestinationPath: folder + "/Xcode.app")
        try FileManager.default.createDirectory(atPath: folder + "/Notes.app/Contents", withIntermediateDirectories: true)
        let installs = DiskXcodeInstalls(environment: [DiskXcodeInstalls.searchPathVariable: "\(folder):\(other)"]).search()
        #expect(installs.folders == [folder, other])
        #expect(
            installs.installs.map(\.displayName).sorted() == [
                "Xcode 26.1.1 (17B100)", "Xcode 26.2 (17C52)", "Xcode 26.5 beta 3 (17F5030d)",
            ])
        #expect(installs.installs.first { $0.build == "17C52" }?.app == folder + "/Xcode.app")
    }

    @Test("without the variable: /Applications and ~/Applications")
    func defaultFolders() {
        #expect(DiskXcodeInstalls(environment: ["HOME": "/Users/ci"]).folders == ["/Applications", "/Users/ci/Applications"])
    }

    @Test("a path pin: the .app or its Contents/Developer; anything else says why it is no Xcode")
    func pathPin() throws {
        let folder = try TemporaryDirectory.make("apps")
        try FakeXcodeApp(in: folder, name: "Xcode.app", version: "26.2", build: "17C52")
        let disk = DiskXcodeInstalls(environment: [:])
        guard case .success(let install) = disk.install(at: folder + "/Xcode.app/Contents/Developer/") else {
            Issue.record("the developer folder did not name its Xcode")
            return
        }
        #expect(install.developerDirectory == folder + "/Xcode.app/Contents/Developer")
        guard case .failure(let problem) = disk.install(at: folder + "/Missing.app") else {
            Issue.record("a missing app was an Xcode")
            return
        }
        #expect(problem.description == "\(folder)/Missing.app is not an Xcode: no readable Contents/Info.plist")
    }
}
