import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NightshiftCore
import NightshiftEngine
import NightshiftReporting
import Testing

/// A test step in the lane's `--json` and `--junit` reports: its counts, per test, without
/// counting its tests a second time beside its own per-test JUnit file.
@Suite("Lane reports with a test step's results")
struct TestStepResultsReportTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    static func lane(status: StepStatus) -> [LaneResult] {
        var step = StepResult(
            lane: "nightly", name: "unit tests", kind: .step(.sh), status: status, start: start, duration: .seconds(42), exitCode: 0,
            attempts: 1, message: status == .failed ? "'unit tests' failed: 3 tests failed" : nil)
        step.tests = TestStepReport(
            tally: TestTally(passed: 412, failed: 3, skipped: 2, expectedFailures: 1, flaky: 1),
            tests: [TestCaseRecord(identifier: "BrewerTests/LedgerTests/testRounding()", outcome: .failed)],
            junitPath: ".nightshift/runs/nightly/r1/tests/unit-tests.xml", coberturaPath: "cov.xml", lineCoverage: 0.724)
        let lint = StepResult(lane: "nightly", name: "lint", kind: .step(.sh), status: .passed, start: start, duration: .seconds(1))
        return [
            LaneResult(
                lane: "nightly", status: .failed, steps: [lint, step], start: start, duration: .seconds(43), runID: "r1", logFolder: "")
        ]
    }

    @Test("--json: tests {passed, failed, skipped, expected_failures, flaky, total} and the files; absent for other steps")
    func json() throws {
        let data = try JSONReport(results: Self.lane(status: .failed)).render()
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let steps = try #require((document["lanes"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        #expect(steps[0]["tests"] == nil)
        let tests = try #require(steps[1]["tests"] as? [String: Any])
        #expect(tests["passed"] as? Int == 412 && tests["failed"] as? Int == 3 && tests["skipped"] as? Int == 2)
        #expect(tests["expected_failures"] as? Int == 1 && tests["flaky"] as? Int == 1 && tests["total"] as? Int == 418)
        #expect(tests["junit"] as? String == ".nightshift/runs/nightly/r1/tests/unit-tests.xml")
        #expect(tests["cobertura"] as? String == "cov.xml" && tests["line_coverage"] as? Double == 0.724)
    }

    @Test("--junit: the step stays one case (no nested suite), with its counts as properties and output")
    func junit() throws {
        for status in [StepStatus.passed, .failed] {
            let xml = JUnitReport(results: Self.lane(status: status)).render()
            let document = try XMLDocument(data: Data(xml.utf8))
            #expect(try document.nodes(forXPath: "//testcase").count == 2)
            #expect(try document.nodes(forXPath: "//testsuite//testsuite").isEmpty)
            #expect(document.rootElement()?.attribute(forName: "tests")?.stringValue == "2")
            let properties = try document.nodes(forXPath: "//testcase[@name='unit tests']/properties/property") as? [XMLElement] ?? []
            let values = Dictionary(
                uniqueKeysWithValues: properties.map {
                    ($0.attribute(forName: "name")?.stringValue ?? "", $0.attribute(forName: "value")?.stringValue ?? "")
                })
            #expect(values["tests.total"] == "418" && values["tests.failed"] == "3" && values["tests.flaky"] == "1")
            #expect(values["tests.junit"] == ".nightshift/runs/nightly/r1/tests/unit-tests.xml")
            let output = try document.nodes(forXPath: "//testcase[@name='unit tests']/system-out").first?.stringValue
            #expect(
                output
                    == "tests: 412 passed, 3 failed, 2 skipped, 1 expected failures, 1 flaky (of 418); each test in .nightshift/runs/nightly/r1/tests/unit-tests.xml"
            )
            #expect(try document.nodes(forXPath: "//testcase[@name='unit tests']/failure").count == (status == .failed ? 1 : 0))
            // A step without tests is unchanged: self-closing.
            #expect(xml.contains(#"<testcase classname="nightshift.nightly" name="lint" time="1.000"/>"#))
        }
    }
}
