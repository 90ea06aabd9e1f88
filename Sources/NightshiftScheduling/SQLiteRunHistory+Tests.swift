public import Foundation
import GRDB
public import NightshiftEngine

/// Per-test results in the run history: written once a run ends (by `nightshift run`, daemon
/// launched or not), read by `nightshift history --tests` and, for shard balancing, as the
/// `TestDurationHistory`.
extension SQLiteRunHistory: TestDurationHistory {
    /// Stores every test of `steps` for the run `runID` of `lane`, in one transaction.
    public func recordTests(runID: String, lane: String, at date: Date, steps: [(step: String, report: TestStepReport)]) async throws {
        try await perform { database in
            try await database.write { db in
                for (step, report) in steps {
                    for record in report.tests {
                        try StoredTestResult(runID: runID, lane: lane, step: step, record: record, at: date).insert(db)
                    }
                }
            }
        }
    }

    /// Identifier → seconds in the latest run that ran it (its variants added up); empty when
    /// nothing is known or the history cannot be read (balancing then falls back to counts).
    public func lastDurations(lane: String, step: String) async -> [String: Double] {
        let sql = """
            SELECT t.identifier, SUM(t.durationSeconds) FROM test_result t
            JOIN (SELECT identifier, MAX(id) AS lastID FROM test_result WHERE lane = ? AND step = ? GROUP BY identifier) latest
              ON latest.identifier = t.identifier
            JOIN test_result last ON last.id = latest.lastID
            WHERE t.lane = ? AND t.step = ? AND t.runID = last.runID
            GROUP BY t.identifier
            """
        let durations = try? await perform { database in
            try await database.read { db in
                var durations: [String: Double] = [:]
                for row in try Row.fetchAll(db, sql: sql, arguments: [lane, step, lane, step]) {
                    let identifier: String? = row[0]
                    let seconds: Double? = row[1]
                    if let identifier, let seconds { durations[identifier] = seconds }
                }
                return durations
            }
        }
        return durations ?? [:]
    }

    /// Each test's failures and flaky passes over the last `runs` runs with test results of
    /// each lane (one lane's with `lane`), most failing first.
    public func testStatistics(lane: String?, runs: Int) async throws -> TestHistoryListing {
        try await perform { database in
            try await database.read { db in
                let lanes: [String] =
                    if let lane { [lane] } else { try String.fetchAll(db, sql: "SELECT DISTINCT lane FROM test_result ORDER BY lane") }
                var listing = TestHistoryListing(lanes: [], tests: [])
                for lane in lanes {
                    let runIDs = try String.fetchAll(
                        db, sql: "SELECT runID FROM test_result WHERE lane = ? GROUP BY runID ORDER BY MAX(id) DESC LIMIT ?",
                        arguments: [lane, runs])
                    guard !runIDs.isEmpty else { continue }
                    let marks = Array(repeating: "?", count: runIDs.count).joined(separator: ",")
                    let rows = try Row.fetchAll(
                        db,
                        sql: """
                            SELECT step, identifier, variant, COUNT(DISTINCT runID),
                                   COUNT(DISTINCT CASE WHEN outcome = 'failed' THEN runID END),
                                   COUNT(DISTINCT CASE WHEN flaky THEN runID END), MAX(id)
                            FROM test_result WHERE lane = ? AND runID IN (\(marks))
                            GROUP BY step, identifier, variant
                            """, arguments: StatementArguments([lane] + runIDs))
                    listing.lanes.append(TestHistoryListing.Lane(lane: lane, runs: runIDs.count, tests: rows.count))
                    for row in rows {
                        let variant: String = row[2]
                        listing.tests.append(
                            TestHistoryListing.Test(
                                lane: lane, step: row[0], identifier: row[1], variant: variant.isEmpty ? nil : variant, runs: row[3],
                                failed: row[4], flaky: row[5]))
                    }
                }
                listing.tests.sort {
                    ($0.failed, $0.flaky, $1.lane, $1.step, $1.identifier, $1.variant ?? "")
                        > ($1.failed, $1.flaky, $0.lane, $0.step, $0.identifier, $0.variant ?? "")
                }
                return listing
            }
        }
    }
}

/// What `nightshift history --tests` shows: per lane, how many runs and tests were looked at;
/// per test, in how many of those runs it failed and in how many it passed only on a retry.
public struct TestHistoryListing: Sendable, Hashable, Codable {
    public struct Lane: Sendable, Hashable, Codable {
        public var lane: String
        /// Runs with test results looked at (at most `--last`).
        public var runs: Int
        /// Distinct tests (with their variants) seen in those runs.
        public var tests: Int
    }

    public struct Test: Sendable, Hashable, Codable {
        public var lane: String
        public var step: String
        public var identifier: String
        public var variant: String?
        /// Of the runs looked at, those that ran this test.
        public var runs: Int
        public var failed: Int
        public var flaky: Int
    }

    public var lanes: [Lane]
    /// Every test seen, most failures first, then most flaky.
    public var tests: [Test]

    public init(lanes: [Lane], tests: [Test]) {
        self.lanes = lanes
        self.tests = tests
    }
}
