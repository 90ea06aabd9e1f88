import Foundation
import GRDB
import NightshiftEngine

/// One test of one test step of one run, as the run history keeps it (`test_result`): what
/// `nightshift history --tests` counts and what shard balancing reads.
struct StoredTestResult: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "test_result"

    var id: Int64?
    /// The nightshift run id (`RunFolders`' name), daemon-launched or not.
    var runID: String
    var lane: String
    var step: String
    var identifier: String
    /// What tells apart the cases of one identifier (an argument, a device); "" for none, so
    /// the column can be compared with `=`.
    var variant: String
    var outcome: String
    var flaky: Bool
    var attempts: Int
    var durationSeconds: Double
    var recordedAt: Date

    init(runID: String, lane: String, step: String, record: TestCaseRecord, at date: Date) {
        self.runID = runID
        self.lane = lane
        self.step = step
        identifier = record.identifier
        variant = record.variant ?? ""
        outcome = record.outcome.rawValue
        flaky = record.isFlaky
        attempts = record.attempts
        durationSeconds = record.durationSeconds.isFinite ? max(0, record.durationSeconds) : 0
        recordedAt = date
    }

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("runID", .text).notNull().indexed()
            table.column("lane", .text).notNull()
            table.column("step", .text).notNull()
            table.column("identifier", .text).notNull()
            table.column("variant", .text).notNull()
            table.column("outcome", .text).notNull()
            table.column("flaky", .boolean).notNull()
            table.column("attempts", .integer).notNull()
            table.column("durationSeconds", .double).notNull()
            table.column("recordedAt", .datetime).notNull()
        }
        try db.create(index: "test_result_by_test", on: databaseTableName, columns: ["lane", "step", "identifier", "id"])
    }
}
