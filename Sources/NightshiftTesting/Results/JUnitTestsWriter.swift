public import NightshiftCore
public import NightshiftEngine

/// Writes a test step's results as JUnit XML the way Jenkins' JUnit plugin and Maven Surefire's
/// rerun format read it, streamed to the file (flat memory whatever the number of tests).
///
/// - one `<testsuite>` per bundle (and device and configuration when the run had several),
///   one `<testcase>` per test, argument, device and configuration, whatever its attempts;
/// - a flaky test (failed, then passed) passes, with one `<flakyFailure>` per failed attempt;
/// - a test that failed every time has one `<failure>` (its last attempt) and one
///   `<rerunFailure>` per earlier failed attempt;
/// - counts on `<testsuites>` and `<testsuite>` are per test, never per attempt.
///
/// What Jenkins' JUnit plugin reads (`SuiteResult.parse`, `CaseResult`, jenkinsci/junit-plugin):
/// every `<testsuite>` that holds `<testcase>`s, nested or not (its `name`, `time`, `timestamp`);
/// a case's `classname` (split at the last dot into package and class), `name` and `time`; it
/// fails when it has a `<failure>` or `<error>` (the `message` attribute as details, the body
/// as the stack trace), is skipped with a `<skipped>` (its `message`), and keeps `<system-out>`
/// and `<system-err>`. It counts the cases it read, not the root's attributes, and keys cases by
/// `classname.name`, so names stay distinct per argument, device and configuration. Recent
/// versions also keep `<flakyFailure>` and `<rerunFailure>` (`hudson.tasks.junit.FlakyFailure`,
/// `RerunFailure`); older ones ignore them (junit-plugin issue #237), so a flaky case is a pass
/// there, and its `<system-out>` says it was flaky so the test's page shows it either way. Element order follows Surefire's
/// `surefire-test-report-3.0.xsd`: failure, rerunFailure*, flakyFailure*, skipped, system-out.
public struct JUnitTestsWriter: Sendable {
    public let masker: SecretMasker
    /// The `name` of `<testsuites>`: the step's name.
    public let name: String

    public init(name: String, masker: SecretMasker) {
        self.name = name
        self.masker = masker
    }

    /// Writes `results` to `path` (replaced whole at the end), and returns what it wrote.
    @discardableResult
    public func write<Results: RandomAccessCollection<TestCaseResult>>(_ results: Results, to path: String) throws(TestReportWriteError)
        -> TestTally where Results.Index == Int
    {
        let file = try StreamingTextFile(path: path, masker: masker)
        let writer = JUnitWriter(file)
        let suites = JUnitSuites(results)
        let tally = suites.tally
        writer.open(name: name, counts: JUnitCounts(tally: tally, seconds: suites.time))
        for suite in suites.suites {
            writer.open(
                JUnitSuite(
                    name: suite.name, counts: JUnitCounts(tally: suite.tally, seconds: suite.time),
                    properties: suite.properties.map { JUnitProperty($0.0, $0.1) }))
            for index in suite.members { writer.write(JUnitTestCaseElement.testCase(results[Int(index)])) }
            writer.closeSuite()
        }
        writer.close()
        try file.finish()
        return tally
    }
}
