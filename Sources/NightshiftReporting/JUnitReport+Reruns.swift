import NightshiftEngine
/// The attempts of a retried step that failed before its last one, as Maven Surefire writes reruns
/// (`surefire-test-report-3.0.xsd`): `<flakyFailure>` inside a testcase that passed on a retry,
/// `<rerunFailure>` beside the `<failure>` of one that failed after retries. Jenkins' JUnit plugin
/// reads these two (not `flakyError`/`rerunError`), so every attempt is reported as a failure.
extension JUnitReport {
    /// `element` is `flakyFailure` or `rerunFailure`. The schema requires `type` and a
    /// `<stackTrace>`; the attempt's output tail goes there, where the final `<failure>` carries
    /// its own, and into `<system-out>`, which readers that show no stack trace display.
    func attemptElements(_ failures: [AttemptFailure], named element: String) -> String {
        failures.map { failure in
            let message = escape("\(failure.message) (attempt \(failure.attempt))")
            let tail = escape(failure.outputTail)
            var xml = "      <\(element) message=\"\(message)\" type=\"\(failureType(failure.status))\">\n"
            xml += "        <stackTrace>\(tail)</stackTrace>\n"
            if !tail.isEmpty { xml += "        <system-out>\(tail)</system-out>\n" }
            return xml + "      </\(element)>\n"
        }.joined()
    }

    func failureType(_ status: StepStatus) -> String {
        status == .timedOut ? "timeout" : "failure"
    }
}
