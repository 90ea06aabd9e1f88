import Foundation
import NightshiftCore
import NightshiftEngine
import Testing
@testable import NightshiftReporting

@Suite("GitHub step summary")
struct StepSummaryMarkdownTests {
    func render(_ results: [LaneResult], limit: Int = StepSummaryMarkdown.gitHubLimit) -> String {
        StepSummaryMarkdown(results: results).render(secrets: RunSecrets(secrets: [HTMLReportFixtures.secret]), limit: limit).text
    }

    @Test("Result, failing step and reason, steps table, tests with failed and flaky named, last lines")
    func content() {
        let text = render([HTMLReportFixtures.failedLane])
        #expect(text.hasPrefix("\n### ❌ nightshift: lane release failed in 1m40s\n"))
        #expect(text.contains("**Failed at step archive \\\"App\\\" &lt;b&gt;**: xcodebuild archive failed\\: error\\: no signing"))
        #expect(text.contains("failed · reason step\\_failed · exit status 65"))
        #expect(text.contains("| unit tests | 50\\.0s | failed (ignored) |") || text.contains("| unit tests | 50.0s | failed (ignored) |"))
        #expect(text.contains("**Tests** (unit tests): 2 passed, 2 failed, 1 skipped, 1 flaky of 5; line coverage 73.4%"))
        #expect(text.contains("- failed: AppTests/LedgerTests/testRounding\\(\\)"))
        #expect(text.contains("- failed: AppTests/&lt;script&gt;alert\\(1\\)&lt;/script&gt;"))
        #expect(text.contains("- flaky: AppTests/SyncTests/testRetry\\(\\)"))
        #expect(text.contains("<summary>last lines of archive &quot;App&quot; &lt;b&gt;</summary>"))
        #expect(text.contains("```text\n</style><script>alert('x')</script>"))
        #expect(text.contains("token ********"))
        #expect(!text.contains("hunter2-s3cr3t"))
    }

    @Test("60 failed and 52 flaky tests: 50 of each named, the rest counted")
    func namesBounded() throws {
        var lane = HTMLReportFixtures.failedLane
        let index = try #require(lane.steps.firstIndex { $0.tests != nil })
        let failed = (0..<60).map { TestCaseRecord(identifier: "T/fails\($0)()", outcome: .failed, reason: "boom") }
        let flaky = (0..<52).map { TestCaseRecord(identifier: "T/flaky\($0)()", outcome: .passed, isFlaky: true, attempts: 2) }
        lane.steps[index].tests = TestStepReport(tests: TestCaseRecords(failed + flaky))
        let text = render([lane])
        #expect(text.contains("- failed: T/fails49\\(\\)") && !text.contains("- failed: T/fails50"))
        #expect(text.contains("- … 10 more failed") && text.contains("- … 2 more flaky"))
    }

    @Test("A table cell cannot be broken by a name with | or a newline")
    func escaping() {
        var lane = HTMLReportFixtures.passedLane
        lane.steps[0].name = "a | b\n| c"
        #expect(render([lane]).contains("| a \\| b \\| c | 4.0s | passed |"))
    }

    /// A failing step whose name, message and output carry terminal escapes, controls and
    /// Markdown meant to break out of the table or the HTML block, link or show an image.
    static var hostileLane: LaneResult {
        var lane = HTMLReportFixtures.failedLane
        let esc = "\u{1B}"
        lane.steps[2].name = "\(esc)[31mred\(esc)[0m | x |\n\n](javascript:alert(1)) ![i](https://evil.example/i.png) <img src=x> `c`"
        lane.steps[2].message = "\(esc)]8;;https://evil.example\u{7}click\(esc)]8;;\u{7} here\u{8}\u{8}\u{0}[y](https://evil.example)"
        lane.steps[2].outputTail =
            "\(esc)[1;31merror:\(esc)[0m build failed\r\n\(esc)]0;retitled\u{7}title gone\n"
            + "token hunter2-\(esc)[0ms3cr3t&<\"x>\n```\n</details><img src=x onerror=alert(1)>\n\(esc)Pdcs\(esc)\\end\u{0}\u{7}\u{7F}."
        return lane
    }

    @Test("Hostile step text: no escape sequence or control survives, a colour-split secret is masked, the table holds, no link or image")
    func hostile() throws {
        let text = render([Self.hostileLane])
        for debris in ["\u{1B}", "[31m", "[0m", "[1;31m", "8;;", "retitled", "dcs", "\u{7}", "\u{8}", "\u{0}", "\u{7F}", "\r", "\u{FFFD}"] {
            #expect(!text.contains(debris), "\(debris.unicodeScalars.map { $0.value })")
        }
        #expect(!text.contains("hunter2-s3cr3t") && text.contains("token ********"))
        // The row keeps its three cells: every | of the name is escaped, its blank line a space.
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| red") })
        #expect(row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count == 4, "\(row)")
        #expect(row.hasSuffix(" \\`c\\` | 30.0s | ❌ failed |"))
        // Before the HTML block no link, image, tag or code span can start.
        let markdown = try #require(text.components(separatedBy: "<details>").first)
        for opener in ["](", "![", "<img", "<script", "`c`", "[y]"] { #expect(!markdown.contains(opener), "\(opener)") }
        #expect(markdown.contains("**Failed at step red \\| x \\|  \\]\\(javascript\\:alert\\(1\\)\\)"))
        #expect(markdown.contains("**: click here\\[y\\]\\(https\\://evil\\.example\\)\n"))
        // The summary stays on its line, as HTML (no scheme, no tag); the block ends where meant.
        #expect(
            text.contains(
                "<details><summary>last lines of red | x |  ](javascript&#58;alert(1)) ![i](https&#58;//evil.example/i.png) &lt;img src&#61;x&gt; `c`</summary>\n\n````text\n"
            ))
        // The output's own fence cannot close the block: it is shown, as text.
        #expect(
            text.contains(
                "````text\nerror: build failed\ntitle gone\ntoken ********\n```\n</details><img src=x onerror=alert(1)>\nend.\n````\n"))
    }

    @Test("plain: the console's stripper and every C0 control but newline and tab")
    func plain() {
        #expect(MarkdownText.plain("a\u{1B}[2Jb\u{1B}]2;t\u{1B}\\c\td\r\ne\u{0}\u{1F}\u{7F}f\u{9B}31mg") == "abc\td\nefg")
    }

    @Test("Bidi controls and zero-width characters are gone from names, messages and output; a secret they split is masked (issue #38)")
    func invisibleFormatting() {
        var lane = HTMLReportFixtures.failedLane
        let secret = HTMLReportFixtures.secret
        let split = String(secret.prefix(3)) + "\u{200B}" + String(secret.dropFirst(3))
        lane.steps[2].name = "deploy \u{202E}dessap\u{202C} \u{2066}x\u{2069}\u{200D}"
        lane.steps[2].message = "failed \u{200F}\u{061C}\u{FEFF}\u{2060}with \(split)"
        lane.steps[2].outputTail = "line \u{202D}one\u{200C}\ntoken \(split)\n"
        let text = render([lane])
        for scalar in [
            "\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}", "\u{200D}", "\u{200F}", "\u{061C}", "\u{FEFF}", "\u{2060}",
            "\u{202D}", "\u{200C}", "\u{200B}",
        ] {
            #expect(!text.contains(scalar), "U+\(String(scalar.unicodeScalars.first!.value, radix: 16, uppercase: true))")
        }
        #expect(text.contains("deploy dessap x"))
        #expect(!text.contains("s3cr3t"), "\(text)")
    }

    @Test("Output with backticks cannot close its code block")
    func fence() {
        #expect(MarkdownText.codeBlock("a ```` b") == "`````text\na ```` b\n`````\n")
    }

    @Test("Bounded: it drops the output, then test names, then the table, to fit what is left")
    func bounded() {
        let lane = HTMLReportFixtures.failedLane
        let full = render([lane])
        let withoutOutput = render([lane], limit: full.utf8.count - 1)
        #expect(!withoutOutput.contains("<details>") && withoutOutput.contains("- flaky:"))
        let verdicts = render([lane], limit: 400)
        #expect(verdicts.contains("**Failed at step") && !verdicts.contains("| step |"))
        #expect(verdicts.utf8.count <= 400)
        #expect(render([lane], limit: 10).isEmpty)
    }
}
