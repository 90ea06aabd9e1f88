@testable import NightshiftCore
@testable import NightshiftExport
import NightshiftSystem
import Testing

@Suite("Jenkins export: the lanes file path and command-line errors")
struct JenkinsExportOptionsTests {
    @Test(
        "--file is named relative to the repository root the job checks out",
        arguments: [
            ("lanes.yml", "/repo", "lanes.yml"),
            ("./lanes.yml", "/repo", "lanes.yml"),
            ("ci/../ci/./lanes.yml", "/repo", "ci/lanes.yml"),
            ("lanes.yml", "/repo/ios", "ios/lanes.yml"),
            ("/repo/ios/lanes.yml", "/elsewhere", "ios/lanes.yml"),
            ("/other/lanes.yml", "/repo", "/other/lanes.yml"),
            ("../other/lanes.yml", "/repo", "/other/lanes.yml"),
        ])
    func lanesFilePath(given: String, currentDirectory: String, expected: String) throws {
        let file = try AbsolutePath(validating: given, relativeTo: try AbsolutePath(validating: currentDirectory))
        #expect(ExportedLanesFile.path(file, root: try AbsolutePath(validating: "/repo")) == expected)
    }

    @Test("only absolute paths and paths climbing out with .. are outside the workspace")
    func outside() {
        #expect(ExportedLanesFile.isOutsideWorkspace("/a/x/lanes.yml"))
        #expect(ExportedLanesFile.isOutsideWorkspace("../x/lanes.yml"))
        #expect(!ExportedLanesFile.isOutsideWorkspace("ci/lanes.yml") && !ExportedLanesFile.isOutsideWorkspace("..lanes.yml"))
    }

    @Test("a lanes file outside the workspace is exported with a warning")
    func outsideWarning() throws {
        let file = LanesFile(path: "/other/lanes.yml", project: Project(name: "App"), lanes: [Lane(name: "l")])
        let export = try JenkinsfileGenerator().generate(file, options: JenkinsExportOptions(lanesFilePath: "/other/lanes.yml"))
        #expect(export.warnings.count == 1)
        #expect(export.warnings.first?.message.contains("outside the job's workspace") == true)
        #expect(export.files[0].contents.contains("run l --file /other/lanes.yml --junit"))
    }

    @Test("an unknown lane's diagnostic suggests the closest lane and lists them all")
    func unknownLaneDiagnostic() {
        let diagnostic = ExportError.unknownLane("lnt", known: ["developer-release", "lint"]).diagnostic
        #expect(
            diagnostic.description == """
                error: no lane named 'lnt'
                note: did you mean 'lint'?
                note: lanes: developer-release, lint
                """)
    }

    @Test("a comment breaks at every kind of line break, so no text after \\r becomes Groovy code")
    func commentLineBreaks() throws {
        let lane = Lane(name: "l", description: "one\rpipeline { }\r\ntwo\u{2028}three")
        let file = LanesFile(path: "lanes.yml", project: Project(name: "App"), lanes: [lane])
        let text = try JenkinsfileGenerator().generate(file).files[0].contents
        #expect(text.contains("// Lane 'l': one\n// pipeline { }\n// two\n// three\n"))
        #expect(!text.contains("\r"))
    }
}
