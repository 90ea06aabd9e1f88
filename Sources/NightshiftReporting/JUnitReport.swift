import NightshiftCore
public import NightshiftEngine

/// A JUnit XML report as Jenkins' JUnit plugin reads it: one testsuite per lane, one testcase
/// per step, failures carrying the tail of the step's (already masked) output. Written by the
/// engine's `JUnitWriter`, as a test step's per-test file is.
public struct JUnitReport: Sendable {
    public var results: [LaneResult]
    /// Extra `<property>` entries, e.g. the Jenkins build number.
    public var properties: [(name: String, value: String)]

    public init(results: [LaneResult], properties: [(name: String, value: String)] = []) {
        self.results = results
        self.properties = properties
    }

    public func render() -> String {
        let text = JUnitText()
        let writer = JUnitWriter(text)
        writer.open(name: "nightshift", counts: counts(results.flatMap(\.steps), results.reduce(.zero) { $0 + $1.duration }))
        for result in results {
            writer.open(suite(result))
            for step in result.steps { writer.write(testCase(step)) }
            writer.closeSuite()
        }
        writer.close()
        return text.string
    }

    private func suite(_ result: LaneResult) -> JUnitSuite {
        // A run's options as `option.NAME` (issue #19), secret values already masked.
        let options = result.options.map { JUnitProperty("option.\($0.name)", $0.value) }
        // A lane that never started has no run id.
        let runID = result.runID.isEmpty ? [] : [JUnitProperty("run_id", result.runID)]
        let xcode = result.xcode.map { [JUnitProperty("xcode.version", $0.versionName), JUnitProperty("xcode.build", $0.build)] } ?? []
        return JUnitSuite(
            name: result.lane, counts: counts(result.steps, result.duration), timestamp: UTCTimestamp.iso8601(result.start),
            properties: runID + [JUnitProperty("status", result.status.rawValue)] + xcode + options
                + properties.map { JUnitProperty($0.name, $0.value) })
    }

    private func testCase(_ step: StepResult) -> JUnitTestCase {
        var testCase = JUnitTestCase(
            name: step.name, classname: "nightshift.\(step.lane)", seconds: step.duration.seconds, attributeOrder: .classnameFirst)
        let message = step.message ?? step.status.rawValue
        // A test step stays one case here: its tests are in its own JUnit file, which Jenkins
        // reads beside this one; nesting them (or a suite of counts) here would count each test
        // twice. Its counts go into properties and into the output Jenkins shows on the case's page.
        testCase.properties = step.tests.map(testProperties) ?? []
        if let cache = step.compilationCache {
            testCase.properties += [
                JUnitProperty("compilation_cache.hits", String(cache.hits)),
                JUnitProperty("compilation_cache.misses", String(cache.misses)),
                JUnitProperty("compilation_cache.cacheable_tasks", String(cache.cacheableTasks)),
            ]
        }
        var output = step.tests.map { [testSummary($0)] } ?? []
        switch step.status {
        case .passed:
            // Passed on a retry: a flaky test, which passes.
            testCase.elements = attempts(step.earlierFailures, as: .flakyFailure)
        case .failedIgnored:
            output.append("failed, ignored (continue_on_error): \(step.message ?? "")\n\(step.outputTail)")
        case .skipped, .notRun:
            testCase.elements = [.skipped(message: message)]
        case .reused:
            // Done by an earlier attempt of the run, whose result it keeps: a pass, said so.
            output.append("reused: \(step.message ?? "")")
        case .failed, .timedOut:
            testCase.elements = [.failure(message: message, type: failureType(step.status), body: step.outputTail)]
            testCase.elements += attempts(step.earlierFailures, as: .rerunFailure)
        case .interrupted:
            // The schema puts a testcase's rerunFailure elements before its error.
            testCase.elements = attempts(step.earlierFailures, as: .rerunFailure)
            testCase.elements.append(.error(message: message, type: "interrupted", body: step.outputTail))
        }
        if !output.isEmpty { testCase.systemOut = output.joined(separator: "\n") }
        testCase.systemErr = step.logProblem.map { "nightshift: the log of step '\(step.name)' is incomplete: \($0)" }
        return testCase
    }

    /// A test step's counts (`tests.passed` …; Jenkins keeps testcase properties when its
    /// `keepProperties` is on) and the path of the step's own JUnit file.
    private func testProperties(_ report: TestStepReport) -> [JUnitProperty] {
        let tally = report.tally
        let counts = [
            ("tests.total", tally.total), ("tests.passed", tally.passed), ("tests.failed", tally.failed),
            ("tests.skipped", tally.skipped), ("tests.expected_failures", tally.expectedFailures), ("tests.flaky", tally.flaky),
        ]
        return counts.map { JUnitProperty($0.0, "\($0.1)") } + (report.junitPath.map { [JUnitProperty("tests.junit", $0)] } ?? [])
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

    private func counts(_ steps: [StepResult], _ duration: Duration) -> JUnitCounts {
        func count(_ statuses: StepStatus...) -> Int { steps.filter { statuses.contains($0.status) }.count }
        return JUnitCounts(
            tests: steps.count, failures: count(.failed, .timedOut), errors: count(.interrupted), skipped: count(.skipped, .notRun),
            seconds: duration.seconds)
    }
}
