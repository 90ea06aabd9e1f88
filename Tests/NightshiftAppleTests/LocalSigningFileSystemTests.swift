import Foundation
import NightshiftApple
import NightshiftTestSupport
import Testing

@Suite("LocalSigningFileSystem", .temporaryDirectory)
struct LocalSigningFileSystemTests {
    @Test("relative paths are read against the run's folder, never the process's; absolute ones as given")
    func relativeToTheRunFolder() throws {
        let run = try TemporaryDirectory.make()
        let elsewhere = try TemporaryDirectory.make()
        let files = LocalSigningFileSystem(directory: run)
        try files.createDirectory(atPath: "signing")
        try files.write(Data("profile".utf8), toPath: "signing/App.mobileprovision")
        #expect(FileManager.default.fileExists(atPath: run + "/signing/App.mobileprovision"))
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/signing"))
        #expect(files.fileExists(atPath: "signing/App.mobileprovision"))
        #expect(try files.contents(atPath: "signing/App.mobileprovision") == Data("profile".utf8))
        #expect(try files.contentsOfDirectory(atPath: "signing") == ["App.mobileprovision"])

        try files.moveItem(atPath: "signing/App.mobileprovision", toPath: elsewhere + "/moved")
        #expect(try String(contentsOfFile: elsewhere + "/moved", encoding: .utf8) == "profile")
        try files.write(Data("new".utf8), toPath: "next")
        try files.replaceItem(atPath: elsewhere + "/moved", withItemAt: "next")
        #expect(try String(contentsOfFile: elsewhere + "/moved", encoding: .utf8) == "new")
        #expect(!files.fileExists(atPath: "next"))
        try files.removeItem(atPath: "signing")
        #expect(try FileManager.default.contentsOfDirectory(atPath: run).isEmpty)
    }
}
