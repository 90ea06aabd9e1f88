import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftReporting
import NightshiftSystem
import NightshiftTestSupport
import NightshiftRunnerTestSupport

/// Issue #14 §6: a retried step in JUnit as Maven Surefire reports reruns, which Jenkins' JUnit
/// plugin reads: `<flakyFailure>` when it passed on a retry, `<rerunFailure>` when it failed after
/// retries.
@Suite("JUnit reruns")
struct JUnitRerunTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    static func lane(_ steps: StepResult...) -> [LaneResult] {
        [LaneResult(lane: "ci", status: .passed, steps: steps, start: start, duration: .seconds(9), runID: "r1", logFolder: "runs/ci/r1")]
    }

    static let flaky = StepResult(
        lane: "ci", name: "test", kind: .step(.sh), status: .passed, start: start, duration: .seconds(3), exitCode: 0, attempts: 3,
        earlierFailures: [
            AttemptFailure(attempt: 1, status: .failed, message: "'test' failed with exit code 1", outputTail: "connection reset\n"),
            AttemptFailure(attempt: 2, status: .timedOut, message: "'test' timed out after 1s", outputTail: "waiting <on> \"db\""),
        ])

    @Test("golden: a step that passed on its third attempt")
    func golden() {
        let xml = JUnitReport(results: Self.lane(Self.flaky)).render()
        let expected = """
                <testcase classname="nightshift.ci" name="test" time="3.000">
                  <flakyFailure message="&apos;test&apos; failed with exit code 1 (attempt 1)" type="failure">
                    <stackTrace>connection reset
            </stackTrace>
                    <system-out>connection reset
            </system-out>
                  </flakyFailure>
                  <flakyFailure message="&apos;test&apos; timed out after 1s (attempt 2)" type="timeout">
                    <stackTrace>waiting &lt;on&gt; &quot;db&quot;</stackTrace>
                    <system-out>waiting &lt;on&gt; &quot;db&quot;</system-out>
                  </flakyFailure>
                </testcase>

            """
        #expect(xml.contains(expected), "\(xml)")
        #expect(xml.contains("<testsuites name=\"nightshift\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\""))
    }

    @Test("passed on a retry: flakyFailure elements, one per failed attempt, and the testcase passes")
    func flakyPasses() throws {
        let document = try XMLDocument(data: Data(JUnitReport(results: Self.lane(Self.flaky)).render().utf8))
        let flaky = try document.nodes(forXPath: "//testcase[@name='test']/flakyFailure") as? [XMLElement] ?? []
        #expect(flaky.map { $0.attribute(forName: "type")?.stringValue } == ["failure", "timeout"])
        #expect(
            flaky.map { $0.attribute(forName: "message")?.stringValue } == [
                "'test' failed with exit code 1 (attempt 1)", "'test' timed out after 1s (attempt 2)",
            ])
        #expect(try flaky[1].nodes(forXPath: "stackTrace").first?.stringValue == "waiting <on> \"db\"")
        #expect(try flaky[1].nodes(forXPath: "system-out").first?.stringValue == "waiting <on> \"db\"")
        #expect(try document.nodes(forXPath: "//testcase/failure | //testcase/error | //testcase/skipped").isEmpty)
        #expect(try document.nodes(forXPath: "/testsuites/testsuite/@failures").first?.stringValue == "0")
    }

    @Test("failed after retries: failure for the last attempt, then rerunFailure for each earlier one")
    func failedAfterRetries() throws {
        var step = Self.flaky
        step.status = .failed
        step.exitCode = 2
        step.message = "'test' failed with exit code 2 after 3 attempts"
        step.outputTail = "final output"
        let document = try XMLDocument(data: Data(JUnitReport(results: Self.lane(step)).render().utf8))
        let children = try document.nodes(forXPath: "//testcase[@name='test']/*").map { $0.name ?? "" }
        #expect(children == ["failure", "rerunFailure", "rerunFailure"])
        #expect(try document.nodes(forXPath: "//testcase/failure").first?.stringValue == "final output")
        #expect(
            try document.nodes(forXPath: "//testcase/rerunFailure/@message").map { $0.stringValue ?? "" } == [
                "'test' failed with exit code 1 (attempt 1)", "'test' timed out after 1s (attempt 2)",
            ])
        #expect(try document.nodes(forXPath: "//testcase/rerunFailure[1]/stackTrace").first?.stringValue == "connection reset\n")
        #expect(try document.nodes(forXPath: "/testsuites/@failures").first?.stringValue == "1")
    }

    @Test("interrupted after a failed attempt: rerunFailure comes before error, as the schema orders them")
    func interruptedAfterRetry() throws {
        var step = Self.flaky
        step.status = .interrupted
        step.earlierFailures.removeLast()
        let document = try XMLDocument(data: Data(JUnitReport(results: Self.lane(step)).render().utf8))
        #expect(try document.nodes(forXPath: "//testcase[@name='test']/*").map { $0.name ?? "" } == ["rerunFailure", "error"])
    }

    @Test("a retried step's attempts reach the report masked, as the runner recorded them")
    func attemptsAreMasked() async throws {
        let harness = try LaneRunnerHarness(
            yaml: """
                project: { name: Demo }
                secrets: [DEPLOY_TOKEN]
                lanes:
                  ci:
                    steps:
                      - sh: flaky
                        retry: 2
                """)
        await harness.shell.onScript(
            containing: "flaky",
            .output([(.standardOutput, "using s3cr3t-token\nboom\n")], .exited(1)),
            .output([(.standardError, "again s3cr3t-token\n")], .exited(3)),
            .output([(.standardOutput, "ok\n")], .exited(0)))
        let result = try await harness.run("ci")
        let step = try #require(result.steps.first)
        #expect(step.status == .passed && step.attempts == 3)
        #expect(step.earlierFailures.map(\.attempt) == [1, 2])
        #expect(step.earlierFailures.map(\.message) == ["'flaky' failed with exit code 1", "'flaky' failed with exit code 3"])
        let xml = JUnitReport(results: [result]).render()
        #expect(!xml.contains("s3cr3t-token"))
        // The harness runs dry: the command is the first line of the step's output, as a dry run shows it.
        #expect(xml.contains("<stackTrace>$ flaky\nusing ********\nboom</stackTrace>"), "\(xml)")
        let document = try XMLDocument(data: Data(xml.utf8))
        #expect(try document.nodes(forXPath: "//testcase/flakyFailure").count == 2)
    }
}
