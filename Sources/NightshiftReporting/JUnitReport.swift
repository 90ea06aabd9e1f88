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
        var xml =
            "    <testcase classname=\"nightshift.\(escape(step.lane))\" name=\"\(escape(step.name))\" time=\"\(seconds(step.duration))\""
        let message = escape(step.message ?? step.status.rawValue)
        // Surefire's schema puts system-err after the result elements.
        let logNote =
            step.logProblem.map {
                "      <system-err>\(escape("nightshift: the log of step '\(step.name)' is incomplete: \($0)"))</system-err>\n"
            } ?? ""
        switch step.status {
        case .passed:
            guard !step.earlierFailures.isEmpty || !logNote.isEmpty else { return xml + "/>\n" }
            // Passed on a retry: a flaky test, which passes.
            xml += ">\n" + attemptElements(step.earlierFailures, named: "flakyFailure")
        case .failedIgnored:
            xml +=
                ">\n      <system-out>\(escape("failed, ignored (continue_on_error): \(step.message ?? "")"))\n\(escape(step.outputTail))</system-out>\n"
        case .skipped, .notRun:
            xml += ">\n      <skipped message=\"\(message)\"/>\n"
        case .reused:
            // Done by an earlier attempt of the run, whose result it keeps: a pass, said so.
            xml += ">\n      <system-out>\(escape("reused: \(step.message ?? "")"))</system-out>\n"
        case .failed, .timedOut:
            xml += ">\n      <failure message=\"\(message)\" type=\"\(failureType(step.status))\">\(escape(step.outputTail))</failure>\n"
            xml += attemptElements(step.earlierFailures, named: "rerunFailure")
        case .interrupted:
            // The schema puts a testcase's rerunFailure elements before its error.
            xml += ">\n" + attemptElements(step.earlierFailures, named: "rerunFailure")
            xml += "      <error message=\"\(message)\" type=\"interrupted\">\(escape(step.outputTail))</error>\n"
        }
        return xml + logNote + "    </testcase>\n"
    }

    private func count(_ steps: [StepResult], _ statuses: StepStatus...) -> Int {
        steps.filter { statuses.contains($0.status) }.count
    }

    private func seconds(_ duration: Duration) -> String { String(format: "%.3f", duration.seconds) }

    func escape(_ text: String) -> String { XMLText.escaped(text) }
}
