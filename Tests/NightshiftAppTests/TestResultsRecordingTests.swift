import Foundation
@testable import NightshiftApp
import NightshiftCore
import NightshiftEngine
import NightshiftScheduling
import NightshiftTestSupport
import Testing

/// After a real `nightshift run`, each test step's tests go into the run history (created when
/// absent), under the lane each step belongs to; a dry run records nothing; a history that
/// cannot be written is a warning.
@Suite("test results recorded in the run history, in process")
struct TestResultsRecordingTests {
    static func results() -> [LaneResult] {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        func step(_ lane: String, _ name: String, _ records: [TestCaseRecord]?) -> StepResult {
            var step = StepResult(lane: lane, name: name, kind: .step(.sh), status: .passed, start: start)
            step.tests = records.map { TestStepReport(tests: $0) }
            return step
        }
        let steps = [
            step("nightly", "unit", [TestCaseRecord(identifier: "B/S/a()", outcome: .passed, durationSeconds: 1.5)]),
            step("nightly", "lint", nil),
            step("ui", "ui tests", [TestCaseRecord(identifier: "U/S/b()", outcome: .failed, durationSeconds: 4)]),
        ]
        return [
            LaneResult(lane: "nightly", status: .failed, steps: steps, start: start, duration: .seconds(9), runID: "r-1", logFolder: "")
        ]
    }

    @Test("a real run records every test step, creating the history; a dry run records none")
    func records() async throws {
        let app = try AppHarness()
        let context = CommandContext(options: LanesFileOptions(), environment: app.environment())
        await context.recordTests(of: Self.results(), dryRun: true)
        #expect(!FileManager.default.fileExists(atPath: context.historyPath))
        await context.recordTests(of: Self.results(), dryRun: false)
        let history = try SQLiteRunHistory(path: context.historyPath)
        #expect(await history.lastDurations(lane: "nightly", step: "unit") == ["B/S/a()": 1.5])
        #expect(await history.lastDurations(lane: "ui", step: "ui tests") == ["U/S/b()": 4])
        #expect(try await history.testStatistics(lane: nil, runs: 5).lanes.map(\.lane) == ["nightly", "ui"])
        #expect(app.standardError == "")
    }

    @Test("a history that cannot be written is a warning naming it")
    func unwritable() async throws {
        let app = try AppHarness()
        let context = CommandContext(options: LanesFileOptions(), environment: app.environment())
        try FileManager.default.createDirectory(atPath: context.historyPath, withIntermediateDirectories: true)
        await context.recordTests(of: Self.results(), dryRun: false)
        #expect(app.standardError.hasPrefix("warning: the test results were not recorded in the run history \(context.historyPath): "))
    }
}
