import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Issue #38 §12: a FIFO at `--junit`, `--json` or `--html DIR`'s files held the run after its
/// lanes ended (open(2) waits for a reader), deaf to SIGTERM. Now it is refused at once, named.
@Suite("run: a FIFO at a report path")
struct ReportPathFIFOTests {
    static func mkfifo(_ path: String) async throws {
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        #expect(try await shell.capture(ShellCommand("mkfifo", [path])).succeeded)
    }

    @Test("--junit, --json and --html DIR's files at a FIFO nobody reads: refused, named, exit 1", arguments: ["junit", "json", "html"])
    func refused(option: String) async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "echo lint", .output([], .exited(0)))
        let command: RunLanes
        switch option {
        case "junit":
            try await Self.mkfifo(app.directory + "/r.xml")
            command = RunLanes(global: LanesFileOptions(), lanes: ["lint"], junit: "r.xml")
        case "json":
            try await Self.mkfifo(app.directory + "/r.json")
            command = RunLanes(global: LanesFileOptions(), lanes: ["lint"], json: "r.json")
        default:
            try FileManager.default.createDirectory(atPath: app.directory + "/html", withIntermediateDirectories: true)
            try await Self.mkfifo(app.directory + "/html/index.html")
            command = RunLanes(global: LanesFileOptions(), lanes: ["lint"], html: "html")
        }
        #expect(await command.execute(in: app.environment()) == 1)
        let named = ["junit": "r.xml", "json": "r.json", "html": "html/index.html"][option]!
        #expect(app.standardError.contains("cannot write '\(named)' (a FIFO no process reads)"), "\(app.standardError)")
    }
}
