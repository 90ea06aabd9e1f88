@testable import NightshiftCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import NightshiftEngine
@testable import NightshiftReporting

@Suite("JSON and JUnit reports")
struct ReportTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    static let results = [
        LaneResult(
            lane: "release", status: .failed,
            steps: [
                StepResult(
                    lane: "release", name: "test", kind: .step(.sh), status: .passed, start: start, duration: .seconds(12),
                    exitCode: 0, attempts: 1, logPath: "runs/release/r1/01-test.log"),
                StepResult(
                    lane: "release", name: "archive <App>", kind: .step(.archive), status: .failed, start: start,
                    duration: .milliseconds(95_500), exitCode: 65, attempts: 2,
                    message: "'archive <App>' failed with exit code 65 after 2 attempts",
                    outputTail: "error: cannot find 'y' in scope\u{1B}[0m\n** ARCHIVE FAILED **"),
                StepResult(
                    lane: "release", name: "flaky", kind: .step(.sh), status: .timedOut, start: start, duration: .seconds(30),
                    attempts: 1, message: "'flaky' timed out after 30s"),
                StepResult(
                    lane: "release", name: "upload", kind: .step(.upload), status: .notRun, start: start, message: "an earlier step failed"),
                StepResult(lane: "release", name: "tidy", kind: .step(.sh), status: .skipped, start: start, message: "condition is false"),
            ],
            start: start, duration: .seconds(140), runID: "r1", logFolder: "runs/release/r1"),
        LaneResult(
            lane: "notify", status: .interrupted,
            steps: [
                StepResult(
                    lane: "notify", name: "post", kind: .step(.sh), status: .interrupted, start: start, attempts: 1,
                    message: "'post' was interrupted", outputTail: "posting")
            ],
            start: start, duration: .seconds(1), runID: "r2", logFolder: "runs/notify/r2", signal: SIGTERM),
    ]

    @Test("JSON: lanes with their steps' start, duration, status and exit code")
    func json() throws {
        let data = try JSONReport(results: Self.results).render()
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let lanes = try #require(document["lanes"] as? [[String: Any]])
        #expect(lanes.map { $0["lane"] as? String } == ["release", "notify"])
        #expect(lanes[0]["status"] as? String == "failed")
        #expect(lanes[0]["run_id"] as? String == "r1")
        #expect(lanes[0]["duration_seconds"] as? Double == 140)
        let steps = try #require(lanes[0]["steps"] as? [[String: Any]])
        #expect(steps.count == 5)
        #expect(steps[1]["name"] as? String == "archive <App>")
        #expect(steps[1]["status"] as? String == "failed")
        #expect(steps[1]["exit_code"] as? Int == 65)
        #expect(steps[1]["attempts"] as? Int == 2)
        #expect(steps[1]["duration_seconds"] as? Double == 95.5)
        #expect(steps[1]["start"] as? String == "2025-06-15T15:06:40Z")
        #expect(steps[0]["log"] as? String == "runs/release/r1/01-test.log")
        #expect(steps[2]["status"] as? String == "timed out")
        #expect(steps[2]["exit_code"] == nil)
        #expect(steps[1]["details"] == nil)
    }

    @Test("JSON: a step's details (an upload's App Store Connect build id and state)")
    func jsonDetails() throws {
        var step = StepResult(lane: "beta", name: "upload", kind: .step(.upload), status: .passed, start: Self.start, attempts: 1)
        step.details = ["build_id": "b0ild-812", "processing_state": "VALID"]
        let lane = LaneResult(
            lane: "beta", status: .passed, steps: [step], start: Self.start, duration: .seconds(1), runID: "r3", logFolder: "")
        let document = try #require(
            try JSONSerialization.jsonObject(with: try JSONReport(results: [lane]).render()) as? [String: Any])
        let steps = try #require((document["lanes"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        #expect(steps[0]["details"] as? [String: String] == ["build_id": "b0ild-812", "processing_state": "VALID"])
    }

    @Test("JUnit: one suite per lane, one case per step, parsed back as Jenkins reads it")
    func junit() throws {
        let xml = JUnitReport(results: Self.results, properties: [("build_number", "42")]).render()
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "6")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped")?.stringValue == "2")
        let suites = try document.nodes(forXPath: "/testsuites/testsuite") as? [XMLElement] ?? []
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["release", "notify"])
        #expect(suites[0].attribute(forName: "time")?.stringValue == "140.000")
        #expect(
            try document.nodes(forXPath: "//testsuite[@name='release']/properties/property[@name='build_number']/@value")
                .first?.stringValue == "42")
        let failure = try #require(try document.nodes(forXPath: "//testcase[@name='archive <App>']/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message")?.stringValue == "'archive <App>' failed with exit code 65 after 2 attempts")
        #expect(failure.attribute(forName: "type")?.stringValue == "failure")
        // The terminal's escape byte cannot be carried in XML 1.0 and is dropped.
        #expect(failure.stringValue == "error: cannot find 'y' in scope[0m\n** ARCHIVE FAILED **")
        #expect(try document.nodes(forXPath: "//testcase[@name='archive <App>']/@time").first?.stringValue == "95.500")
        #expect(try document.nodes(forXPath: "//testcase[@name='flaky']/failure/@type").first?.stringValue == "timeout")
        #expect(try document.nodes(forXPath: "//testcase[@name='upload']/skipped").count == 1)
        #expect(try document.nodes(forXPath: "//testcase[@name='tidy']/skipped/@message").first?.stringValue == "condition is false")
        #expect(try document.nodes(forXPath: "//testcase[@name='post']/error/@type").first?.stringValue == "interrupted")
        #expect(try document.nodes(forXPath: "//testcase[@name='test']/*").isEmpty)
    }
}
