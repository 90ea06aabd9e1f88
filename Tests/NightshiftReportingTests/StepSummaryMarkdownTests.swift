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

    @Test("A table cell cannot be broken by a name with | or a newline")
    func escaping() {
        var lane = HTMLReportFixtures.passedLane
        lane.steps[0].name = "a | b\n| c"
        #expect(render([lane]).contains("| a \\| b \\| c | 4.0s | passed |"))
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
