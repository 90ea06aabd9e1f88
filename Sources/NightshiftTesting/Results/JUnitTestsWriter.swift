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
    public func write(_ results: [TestCaseResult], to path: String) throws(TestReportWriteError) -> TestTally {
        let file = try StreamingTextFile(path: path, masker: masker)
        let suites = JUnitSuites(results)
        let tally = TestTally(records: results.map(\.record))
        file.raw(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<testsuites name=\"")
        file.text(name)
        file.raw("\"\(JUnitCounts(tally: tally, time: suites.time).attributes)>\n")
        for suite in suites.suites { write(suite, results, to: file) }
        file.raw("</testsuites>\n")
        try file.finish()
        return tally
    }

    private func write(_ suite: JUnitSuites.Suite, _ results: [TestCaseResult], to file: StreamingTextFile) {
        file.raw("  <testsuite name=\"")
        file.text(suite.name)
        file.raw("\"\(JUnitCounts(tally: suite.tally, time: suite.time).attributes)>\n")
        if !suite.properties.isEmpty {
            file.raw("    <properties>\n")
            for (name, value) in suite.properties {
                file.raw("      <property name=\"\(name)\" value=\"")
                file.text(value)
                file.raw("\"/>\n")
            }
            file.raw("    </properties>\n")
        }
        for index in suite.members { JUnitTestCaseElement(test: results[index]).write(to: file) }
        file.raw("  </testsuite>\n")
    }
}

/// The count attributes of `<testsuites>` and `<testsuite>`: `tests failures errors skipped time`.
struct JUnitCounts {
    let tally: TestTally
    let time: Double

    var attributes: String {
        " tests=\"\(tally.total)\" failures=\"\(tally.failed)\" errors=\"0\" skipped=\"\(tally.skipped)\" time=\"\(JUnitTime.text(time))\""
    }
}

enum JUnitTime {
    /// Seconds with three decimals, the dot always (Jenkins parses it with its own locale-free parser).
    static func text(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0.000" }
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds < 1e15 else { return "0.000" }
        let whole = Int64(milliseconds)
        let fraction = whole % 1000
        return "\(whole / 1000)." + String(repeating: "0", count: fraction < 10 ? 2 : fraction < 100 ? 1 : 0) + "\(fraction)"
    }
}
