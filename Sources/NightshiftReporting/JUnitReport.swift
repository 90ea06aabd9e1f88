import Foundation
import NightshiftCore
public import NightshiftEngine

/// A JUnit XML report as Jenkins' JUnit plugin reads it: one testsuite per lane, one testcase
/// per step, failures carrying the tail of the step's (already masked) output.
public struct JUnitReport: Sendable {
    public var results: [LaneResult]
    /// Extra `<property>` entries, e.g. the Jenkins build number.
    public var properties: [(name: String, value: String)]

    public init(results: [LaneResult], properties: [(name: String, value: String)] = []) {
        self.results = results
        self.properties = properties
    }

    public func render() -> String {
        let steps = results.flatMap(\.steps)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += "<testsuites name=\"nightshift\" tests=\"\(steps.count)\" failures=\"\(count(steps, .failed, .timedOut))\" "
        xml += "errors=\"\(count(steps, .interrupted))\" skipped=\"\(count(steps, .skipped, .notRun))\" "
        xml += "time=\"\(seconds(results.reduce(.zero) { $0 + $1.duration }))\">\n"
        for result in results { xml += suite(result) }
        return xml + "</testsuites>\n"
    }

    private func suite(_ result: LaneResult) -> String {
        let steps = result.steps
        var xml = "  <testsuite name=\"\(escape(result.lane))\" tests=\"\(steps.count)\" "
        xml += "failures=\"\(count(steps, .failed, .timedOut))\" errors=\"\(count(steps, .interrupted))\" "
        xml += "skipped=\"\(count(steps, .skipped, .notRun))\" time=\"\(seconds(result.duration))\" "
        xml += "timestamp=\"\(UTCTimestamp.iso8601(result.start))\">\n"
        xml += "    <properties>\n"
        // A run's options as `option.NAME` (issue #19), secret values already masked.
        let options = result.options.map { ("option.\($0.name)", $0.value) }
        // A lane that never started has no run id.
        let runID = result.runID.isEmpty ? [] : [("run_id", result.runID)]
        for (name, value) in runID + [("status", result.status.rawValue)] + options + properties {
            xml += "      <property name=\"\(escape(name))\" value=\"\(escape(value))\"/>\n"
        }
        xml += "    </properties>\n"
        for step in steps { xml += testcase(step) }
        return xml + "  </testsuite>\n"
    }

    private func testcase(_ step: StepResult) -> String {
        let open =
            "    <testcase classname=\"nightshift.\(escape(step.lane))\" name=\"\(escape(step.name))\" time=\"\(seconds(step.duration))\""
        let message = escape(step.message ?? step.status.rawValue)
        // A test step stays one case here: its tests are in its own JUnit file, which Jenkins
        // reads beside this one; nesting them (or a suite of counts) here would count each test
        // twice. Its counts go into properties and into the output Jenkins shows on the case's page.
        var body = step.tests.map(testProperties) ?? ""
        var output = step.tests.map { [testSummary($0)] } ?? []
        switch step.status {
        case .passed:
            // Passed on a retry: a flaky test, which passes.
            body += attemptElements(step.earlierFailures, named: "flakyFailure")
        case .failedIgnored:
            output.append("failed, ignored (continue_on_error): \(step.message ?? "")\n\(step.outputTail)")
        case .skipped, .notRun:
            body += "      <skipped message=\"\(message)\"/>\n"
        case .reused:
            // Done by an earlier attempt of the run, whose result it keeps: a pass, said so.
            output.append("reused: \(step.message ?? "")")
        case .failed, .timedOut:
            body += "      <failure message=\"\(message)\" type=\"\(failureType(step.status))\">\(escape(step.outputTail))</failure>\n"
            body += attemptElements(step.earlierFailures, named: "rerunFailure")
        case .interrupted:
            // The schema puts a testcase's rerunFailure elements before its error.
            body += attemptElements(step.earlierFailures, named: "rerunFailure")
            body += "      <error message=\"\(message)\" type=\"interrupted\">\(escape(step.outputTail))</error>\n"
        }
        // Surefire's schema puts system-out, then system-err, after the result elements.
        if !output.isEmpty { body += "      <system-out>\(escape(output.joined(separator: "\n")))</system-out>\n" }
        if let problem = step.logProblem {
            body += "      <system-err>\(escape("nightshift: the log of step '\(step.name)' is incomplete: \(problem)"))</system-err>\n"
        }
        return body.isEmpty ? open + "/>\n" : open + ">\n" + body + "    </testcase>\n"
    }

    /// `<properties>` with a test step's counts (`tests.passed` …; Jenkins keeps testcase
    /// properties when its `keepProperties` is on) and the path of the step's own JUnit file.
    private func testProperties(_ report: TestStepReport) -> String {
        let tally = report.tally
        let counts = [
            ("tests.total", tally.total), ("tests.passed", tally.passed), ("tests.failed", tally.failed),
            ("tests.skipped", tally.skipped), ("tests.expected_failures", tally.expectedFailures), ("tests.flaky", tally.flaky),
        ]
        var xml = "      <properties>\n"
        for (name, value) in counts { xml += "        <property name=\"\(name)\" value=\"\(value)\"/>\n" }
        if let junit = report.junitPath { xml += "        <property name=\"tests.junit\" value=\"\(escape(junit))\"/>\n" }
        return xml + "      </properties>\n"
    }

    /// `tests: 412 passed, 3 failed, 2 skipped, 1 flaky (of 417); each test in tests/test.xml`
    private func testSummary(_ report: TestStepReport) -> String {
        let tally = report.tally
        var parts = ["\(tally.passed) passed", "\(tally.failed) failed", "\(tally.skipped) skipped"]
        if tally.expectedFailures > 0 { parts.append("\(tally.expectedFailures) expected failures") }
        if tally.flaky > 0 { parts.append("\(tally.flaky) flaky") }
        let file = report.junitPath.map { "; each test in \($0)" } ?? ""
        return "tests: \(parts.joined(separator: ", ")) (of \(tally.total))\(file)"
    }

    private func count(_ steps: [StepResult], _ statuses: StepStatus...) -> Int {
        steps.filter { statuses.contains($0.status) }.count
    }

    private func seconds(_ duration: Duration) -> String { String(format: "%.3f", duration.seconds) }

    func escape(_ text: String) -> String { XMLText.escaped(text) }
}
