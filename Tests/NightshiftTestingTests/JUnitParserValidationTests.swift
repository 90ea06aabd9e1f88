import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// The JUnit files validated by junitparser (PyPI), which `scripts/install-deps` puts into
/// `.build-tools/venv`: its counts must equal ours, and it must read every testcase.
@Suite("JUnit: junitparser", .temporaryDirectory)
struct JUnitParserValidationTests {
    /// The venv's python with junitparser, or nil (the tests then skip, saying why). It was
    /// looked for one folder above the repository, where no venv is, so these tests never ran.
    static let python: String? = BuildToolsVenv.python(with: "junitparser")

    static let script = """
        import sys, junitparser
        xml = junitparser.JUnitXml.fromfile(sys.argv[1])
        cases = [case for suite in xml for case in suite]
        failed = sum(1 for case in cases if any(isinstance(r, (junitparser.Failure, junitparser.Error)) for r in case.result))
        skipped = sum(1 for case in cases if any(isinstance(r, junitparser.Skipped) for r in case.result))
        print(xml.tests, xml.failures, xml.errors, xml.skipped, len(cases), failed, skipped)
        """

    static func counts(of path: String, python: String) async throws -> String {
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let run = try await shell.capture(ShellCommand(python, ["-c", script, path]))
        #expect(run.succeeded, "\(run.standardError)")
        return run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "junitparser reads our counts and every case",
        .enabled(if: python != nil, "junitparser is not installed: run scripts/install-deps (it goes into .build-tools/venv)"),
        arguments: [
            "retries-xcode26.json", "parameterised-hostile.json", "devices-and-configurations.json",
            "reference/Xcode16-Mixed-XCTest-SwiftTesting.json",
        ])
    func validates(fixture: String) async throws {
        let python = try #require(Self.python)
        let cases = try ResultsFixtures.cases(fixture)
        let path = try TemporaryDirectory.make() + "/tests.xml"
        let tally = try JUnitTestsWriter(name: "test", masker: .none).write(cases, to: path)
        let expected = "\(tally.total) \(tally.failed) 0 \(tally.skipped) \(cases.count) \(tally.failed) \(tally.skipped)"
        #expect(try await Self.counts(of: path, python: python) == expected)
    }
}
