import NightshiftEngine
/// The attempts of a retried step that failed before its last one, as Maven Surefire writes reruns
/// (`surefire-test-report-3.0.xsd`): `<flakyFailure>` inside a testcase that passed on a retry,
/// `<rerunFailure>` beside the `<failure>` of one that failed after retries. Jenkins' JUnit plugin
/// reads these two (not `flakyError`/`rerunError`), so every attempt is reported as a failure.
extension JUnitReport {
    /// The attempt's output tail goes into `<stackTrace>`, where the final `<failure>` carries
    /// its own, and into `<system-out>`, which readers that show no stack trace display.
    func attempts(_ failures: [AttemptFailure], as rerun: JUnitCaseElement.Rerun) -> [JUnitCaseElement] {
        failures.map { failure in
            .attempt(
                rerun, message: "\(failure.message) (attempt \(failure.attempt))", type: failureType(failure.status),
                stackTrace: failure.outputTail, systemOut: failure.outputTail.isEmpty ? nil : failure.outputTail)
        }
    }

    func failureType(_ status: StepStatus) -> String {
        status == .timedOut ? "timeout" : "failure"
    }
}
