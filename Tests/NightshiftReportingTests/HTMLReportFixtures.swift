import Foundation
import NightshiftCore
import NightshiftEngine

/// A failed lane with every part the HTML report shows: a failing step with hostile output,
/// tests with failures and flaky ones, coverage, an upload, options; and a passed lane.
enum HTMLReportFixtures {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)
    static let secret = "hunter2-s3cr3t&<\"x>"
    static let runFolder = "/work/.nightshift/runs/release/20250615T150640Z-b42-abc"

    static var failedLane: LaneResult {
        var test = StepResult(
            lane: "release", name: "unit tests", kind: .step(.test), status: .failedIgnored, start: start.addingTimeInterval(20),
            duration: .seconds(50), exitCode: 65, attempts: 1, message: "2 tests failed", reason: .testsFailed,
            outputTail: "Test Suite 'All tests' failed", logPath: "\(runFolder)/02-unit-tests.log")
        test.tests = TestStepReport(
            tests: [
                TestCaseRecord(identifier: "AppTests/LedgerTests/testSum()", outcome: .passed, durationSeconds: 0.01),
                TestCaseRecord(
                    identifier: "AppTests/LedgerTests/testRounding()", outcome: .failed, attempts: 3, durationSeconds: 0.2,
                    reason: #"LedgerTests.swift:42: XCTAssertEqual failed: ("0.1") is not equal to ("0.2") - rounds half up"#),
                TestCaseRecord(identifier: "AppTests/SyncTests/testRetry()", outcome: .passed, isFlaky: true, attempts: 2),
                TestCaseRecord(identifier: "AppTests/UITests/testLogin()", outcome: .skipped, reason: "needs a signed-in account"),
                TestCaseRecord(identifier: "AppTests/<script>alert(1)</script>", outcome: .failed),
            ], junitPath: "\(runFolder)/output/tests/unit-tests.junit.xml", lineCoverage: 0.734)
        var upload = StepResult(
            lane: "release", name: "testflight", kind: .step(.upload), status: .notRun, start: start.addingTimeInterval(70))
        upload.details = ["build_id": "b-1234", "processing_state": "VALID"]
        var result = LaneResult(
            lane: "release", status: .failed,
            steps: [
                StepResult(
                    lane: "release", name: "build", kind: .step(.sh), status: .passed, start: start, duration: .seconds(20), exitCode: 0,
                    attempts: 1, outputTail: "\u{1B}[32mBuild succeeded\u{1B}[0m", logPath: "\(runFolder)/01-build.log"),
                test,
                StepResult(
                    lane: "release", name: "archive \"App\" <b>", kind: .step(.archive), status: .failed,
                    start: start.addingTimeInterval(70), duration: .seconds(30), exitCode: 65, attempts: 1,
                    message: "xcodebuild archive failed: error: no signing certificate \"iOS Distribution\" found",
                    reason: .stepFailed,
                    outputTail:
                        "</style><script>alert('x')</script>\n<div style=\"color:red\">data:text/html,hi</div>\nNUL:\u{0}:end\n"
                        + "token \(secret)\n** ARCHIVE FAILED **",
                    logPath: "\(runFolder)/03-archive.log"),
                upload,
            ],
            start: start, duration: .seconds(100), runID: "20250615T150640Z-b42-abc", logFolder: runFolder)
        result.options = [LaneOptionValues.Record(name: "version", value: "1.4.0"), .init(name: "token", value: "********")]
        return result
    }

    static var passedLane: LaneResult {
        LaneResult(
            lane: "lint", status: .passed,
            steps: [
                StepResult(
                    lane: "lint", name: "swiftlint", kind: .step(.sh), status: .passed, start: start, duration: .seconds(4), exitCode: 0,
                    attempts: 1, outputTail: "Done linting! Found 0 violations.", logPath: "/work/.nightshift/runs/lint/r1/01-swiftlint.log"
                )
            ], start: start, duration: .seconds(4), runID: "r1", logFolder: "/work/.nightshift/runs/lint/r1")
    }
}
