import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftReporting
import NightshiftFakeTransport

/// The HTML report as Jenkins serves it: over HTTP with Jenkins' default Content-Security-Policy
/// header, opened in headless Chromium. The page must load without a single CSP refusal, show
/// the failed step's reason, and look right (the screenshot is kept: its path is printed).
@Suite(
    "HTML report in a browser under Jenkins' CSP", .temporaryDirectory,
    .enabled(if: HeadlessChromium.executable != nil, "chromium is not installed: run scripts/install-deps"))
struct HTMLReportBrowserTests {
    /// Jenkins' default (`hudson.model.DirectoryBrowserSupport.CSP`), as Jenkins sends it.
    static let jenkinsCSP = "sandbox allow-same-origin; default-src 'none'; img-src 'self'; style-src 'self';"

    /// Where screenshots are kept after the test: `.build/test-artifacts/`.
    static var artifacts: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/test-artifacts").path
    }

    @Test("The report loads with no CSP violation, shows the reason, and is screenshotted")
    func reportUnderJenkinsCSP() async throws {
        let site = try TemporaryFolder()
        let folder = try AbsolutePath(validating: site.path + "/report")
        let lane = Self.lane(logsIn: site.path)
        let files = HTMLReport(results: [lane, HTMLReportFixtures.passedLane], configurations: ["release": "AppStore"])
            .render(in: folder, secrets: RunSecrets(secrets: [HTMLReportFixtures.secret]))
        try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
        try site.write("report/index.html", files.index.text)
        try site.write("report/report.css", files.stylesheet)
        try site.write("03-archive.log", "the whole log\n")

        let (server, chromium) = try await Self.serve(site.path)
        let screenshot = try Self.screenshotPath("html-report")
        let shown = try await chromium.screenshot(server.url("/report/index.html"), to: screenshot)
        let dom = try await chromium.dumpDOM(server.url("/report/index.html"))
        await server.stop()
        print("HTML report screenshot: \(screenshot)")

        #expect(shown.policyViolations.isEmpty, "\(shown.policyViolations)")
        #expect(dom.policyViolations.isEmpty, "\(dom.policyViolations)")
        #expect(shown.console.isEmpty, "\(shown.console)")
        // Served with the header, and the stylesheet was fetched (its rules then apply).
        #expect(server.requests.contains { $0.path == "/report/report.css" })
        #expect(dom.output.contains("xcodebuild archive failed: error: no signing certificate \"iOS Distribution\" found"))
        #expect(dom.output.contains("&lt;/style&gt;&lt;script&gt;alert('x')&lt;/script&gt;"))
        #expect(!dom.output.contains(HTMLReportFixtures.secret))
        // Failed tests, then skipped ones, each with its reason, before the first lane.
        let outcomes = try #require(dom.output.range(of: "<h2>2 tests failed</h2>"))
        let firstLane = try #require(dom.output.range(of: "class=\"lane"))
        #expect(outcomes.lowerBound < firstLane.lowerBound)
        #expect(dom.output.contains("XCTAssertEqual failed: (\"0.1\") is not equal to (\"0.2\") - rounds half up"))
        #expect(dom.output.contains("<h2>1 test skipped</h2>"))
        #expect(dom.output.contains("needs a signed-in account"))
        let size = (try FileManager.default.attributesOfItem(atPath: screenshot)[.size] as? Int) ?? 0
        #expect(size > 10_000, "the screenshot is \(size) bytes")
    }

    @Test("The check fails on a page Jenkins' CSP refuses: an inline style, a script, a data: image")
    func brokenPageIsCaught() async throws {
        let site = try TemporaryFolder()
        try site.write(
            "index.html",
            "<!DOCTYPE html><html><head><style>p { color: red }</style></head><body><p style=\"color: blue\">reason</p>"
                + "<script>document.title = 'x'</script><img src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\"></body></html>")
        let (server, chromium) = try await Self.serve(site.path)
        let load = try await chromium.dumpDOM(server.url("/index.html"))
        await server.stop()
        #expect(load.policyViolations.contains { $0.contains("inline style") })
        #expect(load.policyViolations.contains { $0.contains("Blocked script execution") })
        #expect(load.policyViolations.contains { $0.contains("data:image/gif") })
    }

    /// The fixture lane with its logs in `folder`, as a run folder holds them.
    static func lane(logsIn folder: String) -> LaneResult {
        var lane = HTMLReportFixtures.failedLane
        lane.logFolder = folder
        lane.steps = lane.steps.map { step in
            var step = step
            step.logPath = step.logPath.map { folder + "/" + ($0.split(separator: "/").last.map(String.init) ?? $0) }
            return step
        }
        return lane
    }

    /// Serves `root`'s files with Jenkins' CSP header, as Jenkins serves an archived report.
    static func serve(_ root: String) async throws -> (LocalHTTPServer, HeadlessChromium) {
        let server = try await LocalHTTPServer { request, _ in
            let path = String(request.path.drop { $0 == "/" })
            guard !path.split(separator: "/").contains(".."), let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8)
            else { return .status(404, headers: ["Content-Security-Policy": jenkinsCSP]) }
            let type = path.hasSuffix(".css") ? "text/css" : path.hasSuffix(".html") ? "text/html; charset=utf-8" : "text/plain"
            return .status(200, text, headers: ["Content-Type": type, "Content-Security-Policy": jenkinsCSP])
        }
        return (server, HeadlessChromium(path: HeadlessChromium.executable!, profile: try TemporaryFolder()))
    }

    static func screenshotPath(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        return artifacts + "/\(name).png"
    }
}
