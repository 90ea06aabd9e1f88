import Foundation
import GRDB
import NightshiftEngine
@testable import NightshiftScheduling
import NightshiftTestSupport
import Testing

/// Per-test results in the run history: written, read back, the latest durations for shard
/// balancing, and failure and flaky rates over the last runs (`nightshift history --tests`).
@Suite("Test results in the run history", .temporaryDirectory)
struct TestResultsHistoryTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static func report(_ records: TestCaseRecord...) -> TestStepReport { TestStepReport(tests: records) }

    static func history() throws -> (SQLiteRunHistory, String) {
        let path = try TemporaryDirectory.make() + "/history.sqlite"
        return (try SQLiteRunHistory(path: path), path)
    }

    /// Twenty runs of `nightly`: `rounding` fails in runs 3, 9 and 15, `network` is flaky in 4
    /// and 12, `totals` always passes; a parameterised test twice per run.
    static func twentyRuns(into history: SQLiteRunHistory) async throws {
        for run in 1...20 {
            let rounding = TestCaseRecord(
                identifier: "BrewerTests/LedgerTests/testRounding()", outcome: [3, 9, 15].contains(run) ? .failed : .passed,
                attempts: [3, 9, 15].contains(run) ? 3 : 1, durationSeconds: Double(run) / 10)
            let network = TestCaseRecord(
                identifier: "BrewerTests/NetworkTests/testFetch()", outcome: .passed, isFlaky: [4, 12].contains(run),
                attempts: [4, 12].contains(run) ? 2 : 1, durationSeconds: 2)
            let totals = TestCaseRecord(identifier: "BrewerTests/LedgerTests/testTotals()", outcome: .passed, durationSeconds: 0.5)
            let parse = [1, 2].map {
                TestCaseRecord(
                    identifier: "BrewerTests/ParsingTests/parses(name:)", outcome: run == 20 && $0 == 2 ? .failed : .passed,
                    durationSeconds: 0.25, variant: "argument: \($0)")
            }
            try await history.recordTests(
                runID: "nightly-\(run)", lane: "nightly", at: start.addingTimeInterval(Double(run) * 3600),
                steps: [(step: "test", report: TestStepReport(tests: [rounding, network, totals] + parse))])
        }
        try await history.recordTests(
            runID: "lint-1", lane: "lint", at: start,
            steps: [(step: "unit", report: report(TestCaseRecord(identifier: "LintTests/LintTests/testRules()", outcome: .passed)))])
    }

    static func report(_ record: TestCaseRecord) -> TestStepReport { TestStepReport(tests: [record]) }

    @Test("written and read back: one row per test per run, every field")
    func roundTrip() async throws {
        let (history, path) = try Self.history()
        let record = TestCaseRecord(
            identifier: "B/S/t()", outcome: .expectedFailure, isFlaky: true, attempts: 2, durationSeconds: 1.5, variant: "iPhone 16 (18.2)")
        try await history.recordTests(runID: "r1", lane: "ci", at: Self.start, steps: [(step: "test", report: Self.report(record))])
        let rows = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(
                db, sql: "SELECT runID, lane, step, identifier, variant, outcome, flaky, attempts, durationSeconds FROM test_result")
        }
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row[0] as String == "r1" && row[1] as String == "ci" && row[2] as String == "test")
        #expect(row[3] as String == "B/S/t()" && row[4] as String == "iPhone 16 (18.2)" && row[5] as String == "expected_failure")
        #expect(row[6] as Bool == true && row[7] as Int == 2 && row[8] as Double == 1.5)
    }

    @Test("an existing history (runs only) gains the table: the migration keeps its runs")
    func migration() async throws {
        let path = try TemporaryDirectory.make() + "/history.sqlite"
        // The schema as nightshift wrote it before test results, with one run.
        let old = try DatabaseQueue(path: path)
        try await old.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('create runs'), ('add run notes');
                    CREATE TABLE run (id INTEGER PRIMARY KEY AUTOINCREMENT, lane TEXT NOT NULL, scheduledAt DATETIME NOT NULL,
                      startedAt DATETIME, endedAt DATETIME, status TEXT NOT NULL, exitCode INTEGER, logFolder TEXT, revision TEXT, note TEXT);
                    INSERT INTO run (lane, scheduledAt, status) VALUES ('nightly', '2026-01-01 00:00:00.000', 'succeeded');
                    """)
        }
        try old.close()
        let history = try SQLiteRunHistory(path: path)
        #expect(try await history.records(lane: nil, limit: 10).map(\.lane) == ["nightly"])
        try await history.recordTests(
            runID: "r", lane: "nightly", at: Self.start, steps: [(step: "t", report: Self.report(.init(identifier: "a", outcome: .passed)))]
        )
        #expect(await history.lastDurations(lane: "nightly", step: "t") == ["a": 0])
    }

    @Test("the latest duration per test, its variants added up; other lanes and steps apart; empty when unknown")
    func lastDurations() async throws {
        let (history, _) = try Self.history()
        try await Self.twentyRuns(into: history)
        #expect(
            await history.lastDurations(lane: "nightly", step: "test") == [
                "BrewerTests/LedgerTests/testRounding()": 2, "BrewerTests/NetworkTests/testFetch()": 2,
                "BrewerTests/LedgerTests/testTotals()": 0.5, "BrewerTests/ParsingTests/parses(name:)": 0.5,
            ])
        #expect(await history.lastDurations(lane: "lint", step: "unit") == ["LintTests/LintTests/testRules()": 0])
        #expect(await history.lastDurations(lane: "nightly", step: "other").isEmpty)
        // A test left out of the latest run keeps the duration of the last run that ran it.
        try await history.recordTests(
            runID: "nightly-21", lane: "nightly", at: Self.start.addingTimeInterval(99_999),
            steps: [
                (
                    step: "test",
                    report: Self.report(.init(identifier: "BrewerTests/LedgerTests/testTotals()", outcome: .passed, durationSeconds: 7))
                )
            ])
        let durations = await history.lastDurations(lane: "nightly", step: "test")
        #expect(durations["BrewerTests/LedgerTests/testTotals()"] == 7 && durations["BrewerTests/LedgerTests/testRounding()"] == 2)
    }

    @Test("failed and flaky counts over the last N runs, most failing first")
    func statistics() async throws {
        let (history, _) = try Self.history()
        try await Self.twentyRuns(into: history)
        let all = try await history.testStatistics(lane: "nightly", runs: 20)
        #expect(all.lanes.map { "\($0.lane) \($0.runs) \($0.tests)" } == ["nightly 20 5"])
        #expect(
            all.tests.map { "\($0.identifier) \($0.variant ?? "-") \($0.runs) \($0.failed) \($0.flaky)" } == [
                "BrewerTests/LedgerTests/testRounding() - 20 3 0", "BrewerTests/ParsingTests/parses(name:) argument: 2 20 1 0",
                "BrewerTests/NetworkTests/testFetch() - 20 0 2", "BrewerTests/LedgerTests/testTotals() - 20 0 0",
                "BrewerTests/ParsingTests/parses(name:) argument: 1 20 0 0",
            ])
        let recent = try await history.testStatistics(lane: "nightly", runs: 10)
        #expect(recent.tests.first { $0.identifier.hasSuffix("testRounding()") }?.failed == 1)
        #expect(recent.tests.first { $0.identifier.hasSuffix("testFetch()") }?.flaky == 1)
        let lanes = try await history.testStatistics(lane: nil, runs: 5)
        #expect(lanes.lanes.map(\.lane) == ["lint", "nightly"])
    }

    @Test("history --tests: golden text")
    func golden() async throws {
        let (history, _) = try Self.history()
        try await Self.twentyRuns(into: history)
        let text = TestHistoryPrinter.text(try await history.testStatistics(lane: nil, runs: 20))
        Golden.assertMatches(text, file: Golden.folder() + "/Fixtures/golden/history-tests.txt")
        #expect(TestHistoryPrinter.text(TestHistoryListing(lanes: [], tests: [])) == "No test results recorded.\n")
    }

    @Test("history --tests prints a tool's names as the test step does: no escape sequence, no control character")
    func escapesInNames() {
        let hostile = "BrewerTests/S/t()\u{1B}[2J\u{1B}[1;1H\u{1B}]0;pwned\u{07}\rfake\u{1B}[K\u{9B}31m"
        let listing = TestHistoryListing(
            lanes: [.init(lane: "nightly", runs: 1, tests: 1)],
            tests: [
                .init(
                    lane: "nightly", step: "test", identifier: hostile, variant: "argument: \u{1B}[31mred\tx", runs: 1, failed: 1, flaky: 0)
            ])
        let text = TestHistoryPrinter.text(listing)
        #expect(
            !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
            "\(text.debugDescription)")
        #expect(text.contains("  test: BrewerTests/S/t() fake [argument: red x]: failed 1 of the last 1 run"))
    }
}
