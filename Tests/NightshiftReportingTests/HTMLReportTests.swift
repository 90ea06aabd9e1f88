import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import Testing
@testable import NightshiftReporting

@Suite("HTML report")
struct HTMLReportTests {
    let folder = try! AbsolutePath(validating: HTMLReportFixtures.runFolder + "/report")

    func render(_ results: [LaneResult], secrets: [String] = [HTMLReportFixtures.secret], limits: HTMLReportLimits = HTMLReportLimits())
        -> String
    {
        HTMLReport(results: results, configurations: ["release": "AppStore"], limits: limits)
            .render(in: folder, secrets: RunSecrets(secrets: secrets)).index.text
    }

    @Test("The failing step and its reason come first, before the lanes")
    func failureFirst() throws {
        let html = render([HTMLReportFixtures.passedLane, HTMLReportFixtures.failedLane])
        let body = try #require(html.range(of: "<main>"))
        let rest = html[body.upperBound...]
        #expect(rest.hasPrefix("\n<section class=\"failure\"><h2>lane release failed at step “archive &quot;App&quot; &lt;b&gt;”</h2>"))
        let reason = try #require(html.range(of: "<p class=\"reason\">xcodebuild archive failed&#58; error&#58; no signing certificate"))
        let firstLane = try #require(html.range(of: "<section class=\"lane\">"))
        #expect(reason.lowerBound < firstLane.lowerBound)
        #expect(html.contains("reason&#58; step_failed · exit status 65"))
        #expect(html.contains("<title>nightshift&#58; 2 lanes&#58; 1 failed, 1 passed</title>"))
    }

    @Test("A passed run has no failure section")
    func passedRun() {
        let html = render([HTMLReportFixtures.passedLane])
        #expect(!html.contains("class=\"failure\""))
        #expect(html.contains("<h1>lane lint passed</h1>"))
    }

    @Test("Step output, names and values are escaped: no markup of theirs, no NUL")
    func escaping() {
        let html = render([HTMLReportFixtures.failedLane])
        #expect(html.contains("&lt;/style&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("&lt;div style&#61;&quot;color&#58;red&quot;&gt;data&#58;text/html,hi&lt;/div&gt;"))
        #expect(html.contains("NUL&#58;\u{FFFD}&#58;end"))
        #expect(html.contains("AppTests/&lt;script&gt;alert(1)&lt;/script&gt;"))
        // Escape sequences (colours) are gone from the shown output.
        #expect(html.contains("Build succeeded"))
        #expect(!html.unicodeScalars.contains("\u{1B}"))
    }

    @Test("Nothing in the page or its stylesheet needs more than Jenkins' CSP allows", arguments: [false, true])
    func cspSafe(hostileLaneName: Bool) {
        var lane = HTMLReportFixtures.failedLane
        if hostileLaneName {
            lane.lane = "<script>x</script>\"' style=a data:x javascript:y"
            lane.steps = lane.steps.map {
                var step = $0; step.name = "</summary><img src=data:x onerror=1 style=\"\">"; return step
            }
        }
        let files = HTMLReport(results: [lane]).render(in: folder, secrets: RunSecrets(secrets: []))
        for text in [files.index.text, files.stylesheet] {
            let lowered = text.lowercased()
            for forbidden in ["<script", "style=", "data:", "javascript:", "<img", "<style", "@import", "url(", "onerror=", "\u{0}"] {
                #expect(!lowered.contains(forbidden), "\(forbidden) in the output")
            }
        }
        // Every attribute the page has is one the report writes.
        let attributes = Set(files.index.text.matches(of: /\s([a-z-]+)=\"/).map { String($0.output.1) })
        #expect(attributes.isSubset(of: ["class", "lang", "charset", "name", "content", "rel", "href"]))
    }

    @Test("A secret is masked in every form: plain, escaped, as a reference")
    func masking() {
        let secret = HTMLReportFixtures.secret
        var lane = HTMLReportFixtures.failedLane
        lane.lane = "deploy-\(secret)"
        lane.options.append(.init(name: "note", value: "says \(secret)"))
        let html = render([lane])
        #expect(html.contains("token ********"))
        for form in [secret, HTMLText.escaped(secret), "hunter2-s3cr3t"] { #expect(!html.contains(form)) }
    }

    @Test("A value is masked before it is cut: no cut leaves the start of a secret")
    func maskedBeforeClipped() {
        var lane = HTMLReportFixtures.failedLane
        lane.steps[2].message = "aaaaaa\(HTMLReportFixtures.secret)"
        lane.steps[2].outputTail = String(repeating: "x", count: 50) + "\n" + HTMLReportFixtures.secret + "tail"
        let html = render([lane], limits: HTMLReportLimits(failureOutputBytes: 10, valueCharacters: 5))
        #expect(html.contains("aaaaaa****…"))
        #expect(!html.contains("hunt") && !html.contains("s3cr3t"))
    }

    @Test("Tests: failed first, then flaky, skipped, passed; counts and coverage")
    func testsOrder() throws {
        let page = render([HTMLReportFixtures.failedLane])
        let html = String(page[try #require(page.range(of: "<table class=\"tests\">")).lowerBound...])
        let names = ["testRounding()", "&lt;script&gt;alert(1)", "testRetry()", "testLogin()", "testSum()"]
        let positions = try names.map { try #require(html.range(of: $0)?.lowerBound, "\($0)") }
        #expect(positions == positions.sorted())
        #expect(html.contains("<tr class=\"s-flaky\"><td class=\"name\">AppTests/SyncTests/testRetry()</td><td>flaky</td>"))
        #expect(page.contains("<span class=\"count count-failed\">2 failed</span><span class=\"count count-flaky\">1 flaky</span>"))
        #expect(page.contains("line coverage 73.4%"))
        #expect(page.contains("class=\"bar covered w-73\""))
    }

    @Test("Failed tests with their reasons, then skipped ones with theirs, before the lanes; none listed for a run without")
    func testOutcomesNearTheTop() throws {
        let html = render([HTMLReportFixtures.passedLane, HTMLReportFixtures.failedLane])
        let section = try #require(html.range(of: "<section class=\"test-outcomes\"><h2>2 tests failed</h2><ul class=\"failed-tests\">"))
        let firstLane = try #require(html.range(of: "<section class=\"lane\">"))
        #expect(section.lowerBound < firstLane.lowerBound)
        #expect(
            html.contains(
                "<li><span class=\"name\">AppTests/LedgerTests/testRounding()</span><span class=\"meta\"> · lane release · unit tests</span>"
                    + "<p class=\"reason\">LedgerTests.swift&#58;42&#58; XCTAssertEqual failed&#58; (&quot;0.1&quot;) is not equal to"))
        #expect(html.contains("<span class=\"name\">AppTests/&lt;script&gt;alert(1)&lt;/script&gt;</span>"))
        #expect(html.contains("<p class=\"reason\">no reason given</p>"))
        let skipped = try #require(html.range(of: "<h2>1 test skipped</h2><ul class=\"skipped-tests\">"))
        #expect(section.upperBound < skipped.lowerBound && skipped.lowerBound < firstLane.lowerBound)
        #expect(html.contains("needs a signed-in account"))
        #expect(!render([HTMLReportFixtures.passedLane]).contains("test-outcomes"))
        let bounded = render([HTMLReportFixtures.failedLane], limits: HTMLReportLimits(testsListed: 1))
        #expect(bounded.contains("… and 1 more, in their steps below"))
    }

    @Test("Logs are linked relative to the report's folder, percent-encoded")
    func logLinks() {
        let html = render([HTMLReportFixtures.failedLane])
        #expect(html.contains("<a href=\"../03-archive.log\">full log</a>"))
        var lane = HTMLReportFixtures.failedLane
        lane.steps[0].logPath = "/work/a:b/#1 ?x.log"
        #expect(render([lane]).contains("<a href=\"../../../../../a%3Ab/%231%20%3Fx.log\">"))
    }

    @Test("The timeline's bars are placed by classes, in percent of the lane")
    func timeline() {
        let html = render([HTMLReportFixtures.failedLane])
        #expect(html.contains("<span class=\"bar s-passed at-0 w-20\"></span>"))
        #expect(html.contains("<span class=\"bar s-failed-ignored at-20 w-50\"></span>"))
        #expect(html.contains("<span class=\"bar s-failed at-70 w-30\"></span>"))
        #expect(html.contains("<span class=\"bar s-not-run at-0 w-0\"></span>"))
        let css = HTMLStylesheet.text
        #expect(css.contains(".at-100 { margin-left: 100%; }") && css.contains(".w-0 { width: 0%; }"))
    }

    @Test("Uploads, options and the configuration are shown")
    func runSettings() {
        let html = render([HTMLReportFixtures.failedLane])
        #expect(html.contains("<dt>build_id</dt><dd>b-1234</dd><dt>processing_state</dt><dd>VALID</dd>"))
        #expect(html.contains("<dt>configuration</dt><dd>AppStore</dd><dt>version</dt><dd>1.4.0</dd><dt>token</dt><dd>********</dd>"))
    }

    @Test("Huge output is bounded: the end is kept, the rest left to the log")
    func bounded() {
        var lane = HTMLReportFixtures.failedLane
        let line = String(repeating: "x", count: 99) + "\n"
        lane.steps[2].outputTail = String(repeating: line, count: 2000) + "the reason"
        lane.steps[1].tests?.tests += (0..<5000).map { TestCaseRecord(identifier: "T/test\($0)()", outcome: .passed) }
        let limits = HTMLReportLimits()
        let html = render([lane], limits: limits)
        #expect(html.contains("the reason"))
        #expect(html.contains("bytes before these lines&#58; see the full log"))
        #expect(html.contains("… and 4505 more, listed in the step&#39;s JUnit file"))
        #expect(html.utf8.count < 200_000)
    }

    @Test("Step output beyond the page's budget is left to the logs, a failure's never")
    func budget() {
        var lane = HTMLReportFixtures.failedLane
        lane.steps[0].outputTail = "passing output"
        let html = render([lane], limits: HTMLReportLimits(totalOutputBytes: 4))
        #expect(!html.contains("passing output"))
        #expect(html.contains("output not shown"))
        #expect(html.contains("** ARCHIVE FAILED **"))
    }

    @Test("Escaping: each markup character, controls, noncharacters")
    func escapedText() {
        #expect(
            HTMLText.escaped("a<b>&\"'=:\u{0}\u{7}\u{85}\u{FFFE}\t\n")
                == "a&lt;b&gt;&amp;&quot;&#39;&#61;&#58;\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\t\n")
        #expect(HTMLText.href("javascript:alert(1)") == "javascript%3Aalert%281%29")
        #expect(HTMLText.tail("aé\nbbb\nccc", limit: 5) == ("ccc", 8))
    }
}
