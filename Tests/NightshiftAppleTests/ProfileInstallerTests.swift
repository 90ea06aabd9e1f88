import Foundation
@testable import NightshiftApple
import NightshiftTestSupport
import Testing

@Suite("ProfileInstaller", .temporaryDirectory)
struct ProfileInstallerTests {
    @Test("a profile already installed is replaced whole, and no temporary file is left")
    func replacesInPlace() throws {
        let home = try SigningFixtures.temporaryFolder()
        defer { SigningFixtures.remove(home) }
        let installer = ProfileInstaller(files: LocalSigningFileSystem())
        try installer.install(Data("old profile".utf8), uuid: "0A1B2C3D-0001", home: home)
        let written = try installer.install(Data("new profile".utf8), uuid: "0A1B2C3D-0001", home: home)
        #expect(written == ProfileInstaller.destinations(uuid: "0A1B2C3D-0001", home: home))
        for (folder, destination) in zip(ProfileInstaller.folders(home: home), written) {
            #expect(try String(contentsOfFile: destination, encoding: .utf8) == "new profile")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["0A1B2C3D-0001.mobileprovision"])
        }
    }

    @Test("each copy is written under a temporary name in its own folder, then renamed over the profile")
    func writesThenRenames() throws {
        let files = RecordingSigningFileSystem()
        try ProfileInstaller(files: files).install(Data("profile".utf8), uuid: "0A1B2C3D-0001", home: "/h")
        let calls = files.calls
        #expect(calls.count == 6)
        for (index, destination) in ProfileInstaller.destinations(uuid: "0A1B2C3D-0001", home: "/h").enumerated() {
            let folder = (destination as NSString).deletingLastPathComponent
            let (create, write, replace) = (calls[index * 3], calls[index * 3 + 1], calls[index * 3 + 2])
            #expect(create == ["mkdir", folder])
            #expect(write.first == "write" && (write[1] as NSString).deletingLastPathComponent == folder)
            #expect(!write[1].hasSuffix(".mobileprovision") && (write[1] as NSString).lastPathComponent.hasPrefix("."))
            #expect(replace == ["replace", destination, write[1]])
        }
    }

    @Test(
        "a UUID that is no UUID (a crafted profile's '../x') is refused before anything is written",
        arguments: ["../../evil", "a/b", "", "ZZZ"])
    func craftedUUID(_ uuid: String) {
        let files = RecordingSigningFileSystem()
        #expect(throws: (any Error).self) { try ProfileInstaller(files: files).install(Data("p".utf8), uuid: uuid, home: "/h") }
        #expect(files.calls.isEmpty)
    }

    @Test("a Mac profile is installed as <UUID>.provisionprofile, the extension Xcode reads for macOS")
    func macProfile() {
        #expect(ProfileInstaller.destinations(uuid: "0A1B", home: "/h", mac: true).allSatisfy { $0.hasSuffix("/0A1B.provisionprofile") })
    }

    @Test("when the rename fails, the temporary file is removed and the error reported")
    func failedRename() throws {
        let files = RecordingSigningFileSystem(failingReplace: true)
        #expect(throws: (any Error).self) { try ProfileInstaller(files: files).install(Data("p".utf8), uuid: "0A1B", home: "/h") }
        let calls = files.calls
        #expect(calls.last?.first == "remove" && calls.last?.last == calls[1][1])
    }
}

/// Records the installer's file operations; writes nothing.
final class RecordingSigningFileSystem: SigningFileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [[String]] = []
    private let failingReplace: Bool

    init(failingReplace: Bool = false) { self.failingReplace = failingReplace }

    var calls: [[String]] { lock.withLock { recorded } }
    private func record(_ call: [String]) { lock.withLock { recorded.append(call) } }

    func contents(atPath path: String) throws -> Data { Data() }
    func fileExists(atPath path: String) -> Bool { false }
    func createDirectory(atPath path: String) throws { record(["mkdir", path]) }
    func write(_ data: Data, toPath path: String) throws { record(["write", path]) }
    func contentsOfDirectory(atPath path: String) throws -> [String] { [] }
    func moveItem(atPath source: String, toPath destination: String) throws { record(["move", source, destination]) }
    func replaceItem(atPath destination: String, withItemAt source: String) throws {
        record(["replace", destination, source])
        if failingReplace { throw CocoaError(.fileWriteUnknown) }
    }
    func removeItem(atPath path: String) throws { record(["remove", path]) }
}
