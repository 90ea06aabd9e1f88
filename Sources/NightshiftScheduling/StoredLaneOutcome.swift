import Foundation
import GRDB

/// How one `nightshift run` of one lane ended (`lane_outcome`), scheduled or started by hand:
/// the `run` table holds the scheduler's firings only, so a lane run by Jenkins or by a person
/// left no trace there. Notifications read the latest one to tell a `fixed` lane (the first
/// success after a failure).
struct StoredLaneOutcome: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "lane_outcome"

    var id: Int64?
    var runID: String
    var lane: String
    /// `passed` or `failed`: what the next run compares itself with.
    var outcome: String
    var endedAt: Date

    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("runID", .text).notNull()
            table.column("lane", .text).notNull()
            table.column("outcome", .text).notNull()
            table.column("endedAt", .datetime).notNull()
        }
        try db.create(index: "lane_outcome_by_lane", on: databaseTableName, columns: ["lane", "id"])
    }
}
