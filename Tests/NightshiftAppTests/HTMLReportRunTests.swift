import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("run: the HTML report and GitHub's step summary")
struct HTMLReportRunTests {
    func failingRun(_ app: AppHarness, html: String? = nil, variables: [String: String] = [:]) async -> Int32 {
        await app.shell.onScript(containing: "make broken", .output([(.standardError, "error: <b>boom</b> hunter2-secret\n")], .exited(7)))
        await app.shell.onScript(containing: "echo cleaning", .output([], .exited(0)))
        return await RunLanes(global: LanesFileOptions(), lanes: ["broken"], html: html)
            .execute(in: app.environment(["RELEASE_TOKEN": "hunter2-secret"].merging(variables) { $1 }))
    }

    func runFolder(_ app: AppHarness, lane: String) throws -> String {
        let runs = app.directory + "/.nightshift/runs/\(lane)"
        let names = try FileManager.default.contentsOfDirectory(atPath: runs)
        try #require(names.count == 1)
        return runs + "/" + names[0]
    }

    @Test("--html DIR: the page and its stylesheet, the failed step's reason first, output escaped and masked")
    func htmlOption() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        #expect(await failingRun(app, html: "out/html") == 1)
        let page = try #require(app.read("out/html/index.html"))
        #expect(app.read("out/html/report.css")?.contains(".w-100 { width: 100%; }") == true)
        #expect(page.contains("<h2>lane broken failed at step “Compile”</h2>"))
        #expect(page.contains("error&#58; &lt;b&gt;boom&lt;/b&gt; ********"))
        #expect(!page.contains("hunter2-secret"))
        // The log is placed in the report's folder, which Jenkins publishes alone, and linked there.
        let log = try #require(page.firstMatch(of: /href="(logs\/1-01-compile\.log)"/)?.output.1)
        #expect(app.read("out/html/" + String(log)) == "error: <b>boom</b> ********\n")
    }

    @Test("Every run writes the lane's report into its run folder, with links to the logs beside it")
    func runFolderReport() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        #expect(await failingRun(app) == 1)
        let folder = try runFolder(app, lane: "broken")
        let page = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        #expect(FileManager.default.fileExists(atPath: folder + "/report/report.css"))
        #expect(page.contains("class=\"reason\""))
        let log = try #require(page.firstMatch(of: /href="\.\.\/([^"\/]+\.log)"/)?.output.1)
        #expect(FileManager.default.fileExists(atPath: folder + "/" + log))
    }

    @Test("--html where a file is in the way: a warning naming it, exit 1 although the lane passed")
    func htmlNotWritten() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        try app.write("a file", to: "blocked")
        await app.shell.onScript(containing: "echo lint", .output([], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["lint"], html: "blocked/html").execute(in: app.environment())
        #expect(status == 1)
        #expect(
            app.standardError.contains("cannot write report: cannot create '\(app.directory)/blocked': Not a directory"),
            "\(app.standardError)")
    }

    @Test("GITHUB_STEP_SUMMARY: the summary is appended after what other steps wrote, masked")
    func stepSummary() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        try app.write("## an earlier step\n", to: "summary.md")
        #expect(await failingRun(app, variables: ["GITHUB_STEP_SUMMARY": app.directory + "/summary.md"]) == 1)
        #expect(await failingRun(app, variables: ["GITHUB_STEP_SUMMARY": "summary.md"]) == 1)
        let summary = try #require(app.read("summary.md"))
        #expect(summary.hasPrefix("## an earlier step\n\n### ❌ nightshift: lane broken failed in "))
        #expect(summary.components(separatedBy: "### ❌ nightshift").count == 3)
        #expect(summary.contains("**Failed at step Compile**: "))
        #expect(summary.contains("| Compile | 0.0s | ❌ failed |\n| echo never | – | not run |\n"))
        #expect(summary.contains("failed · reason exit\\_status · exit status 7"))
        #expect(summary.contains("error: <b>boom</b> ********"))
        #expect(!summary.contains("hunter2-secret"))
    }

    @Test("GITHUB_STEP_SUMMARY in a folder that is not there: a warning, the lane's result stands")
    func stepSummaryNotWritten() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "echo lint", .output([], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["lint"])
            .execute(in: app.environment(["GITHUB_STEP_SUMMARY": "missing/summary.md"]))
        #expect(status == 0)
        #expect(
            app.standardError.contains("warning: the step summary was not written to missing/summary.md: cannot write"),
            "\(app.standardError)")
    }
}
