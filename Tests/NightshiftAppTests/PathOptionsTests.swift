import Foundation
import NightshiftApp
import NightshiftTestSupport
import Testing

/// Issue #38: `export … -o ""`, `signing import-match --output ""` and `--file ""` were not
/// checked as the report paths are. Every option naming a path now is: exit 2 naming the
/// option, before anything is read or written.
@Suite("An empty or NUL-holding path option: exit 2 naming it, before anything runs")
struct PathOptionsTests {
    static let empty = "needs a path; it was given an empty one"

    /// Each command with one unusable path, and the option it names.
    static let cases: [(option: String, command: any AppCommand)] = [
        ("--output", ExportJenkins(global: LanesFileOptions(), output: "")),
        ("--output", ExportGitHubActions(global: LanesFileOptions(), output: "")),
        ("--output", ExportBuildkite(global: LanesFileOptions(), output: "")),
        ("--output", ImportMatch(repository: "match", output: "")),
        ("the match repository", ImportMatch(repository: "", output: "signing")),
        ("--file", ValidateLanes(global: LanesFileOptions(file: ""))),
        ("--file", RunLanes(global: LanesFileOptions(file: ""), lanes: ["lint"])),
        ("--file", ExportJenkins(global: LanesFileOptions(file: ""))),
    ]

    @Test("every command's path options", arguments: cases.indices)
    func refused(index: Int) async throws {
        let (option, command) = Self.cases[index]
        let app = try AppHarness(lanes: Fixtures.lanes)
        let before = try FileManager.default.contentsOfDirectory(atPath: app.directory)
        #expect(await command.execute(in: app.environment(["MATCH_PASSWORD": "pw"])) == 2)
        #expect(app.standardError == "error: \(option) \(Self.empty)\n", "\(app.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.directory) == before)
        #expect(await app.shell.commands.isEmpty)
    }

    @Test("a NUL in --output is named as such")
    func nul() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        #expect(await ExportBuildkite(global: LanesFileOptions(), output: "a\0b").execute(in: app.environment()) == 2)
        #expect(app.standardError == "error: --output: 'a\\0b' holds a NUL byte, which no path can\n")
    }
}
