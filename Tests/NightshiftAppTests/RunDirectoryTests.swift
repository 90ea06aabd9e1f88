import Foundation
import NightshiftApp
import Testing

/// The command's current directory is injected: steps run there, and relative paths of the lanes
/// file are read there, never against the test process's own folder.
@Suite("run, in the command's current directory")
struct RunDirectoryTests {
    @Test("steps run in the current directory, and a relative upload file is read there")
    func stepsAndUploadsUseTheCurrentDirectory() async throws {
        let app = try AppHarness()
        let out = app.directory + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try app.write(
            """
            project: { name: App }
            lanes:
              here:
                steps:
                  - sh: pwd -P > where.txt && mkdir -p build && printf 'the build' > build/App.ipa
                  - upload: { to: folder, path: "\(out)", file: build/App.ipa }
            """, to: "lanes.yml")
        #expect(Self.physical(app.directory) != Self.physical(FileManager.default.currentDirectoryPath))

        let status = await RunLanes(global: LanesFileOptions(), lanes: ["here"]).execute(in: app.realShellEnvironment())

        #expect(status == 0, "\(app.shown)")
        let printed = try #require(app.read("where.txt")).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(printed == Self.physical(app.directory))
        #expect(try String(contentsOfFile: out + "/App.ipa", encoding: .utf8) == "the build")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/where.txt"))
    }

    private static func physical(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
