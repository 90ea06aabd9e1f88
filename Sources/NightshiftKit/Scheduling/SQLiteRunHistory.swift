public import Foundation
import GRDB

/// `RunHistory` in SQLite (GRDB), normally `.nightshift/history.sqlite`.
public final class SQLiteRunHistory: RunHistory {
    private let database: DatabaseQueue

    /// Opens or creates the database at `path`, creating its folder.
    public init(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        database = try DatabaseQueue(path: path)
        try Self.migrator.migrate(database)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("create runs") { db in
            try db.create(table: "run") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("lane", .text).notNull().indexed()
                table.column("scheduledAt", .datetime).notNull()
                table.column("startedAt", .datetime)
                table.column("endedAt", .datetime)
                table.column("status", .text).notNull()
                table.column("exitCode", .integer)
                table.column("logFolder", .text)
                table.column("revision", .text)
            }
        }
        migrator.registerMigration("add run notes") { db in
            try db.alter(table: "run") { table in table.add(column: "note", .text) }
        }
        return migrator
    }

    public func insert(_ record: RunRecord) async throws -> RunRecord {
        try await database.write { db in
            var stored = StoredRun(record)
            try stored.insert(db)
            return stored.record
        }
    }

    public func update(_ record: RunRecord) async throws {
        try await database.write { db in try StoredRun(record).update(db) }
    }

    public func updateIfRunning(_ record: RunRecord) async throws -> Bool {
        try await database.write { db in
            let open = StoredRun.filter(Column("id") == record.id && Column("status") == RunStatus.running.rawValue)
            return try open.updateAll(db, [
                Column("startedAt").set(to: record.startedAt), Column("endedAt").set(to: record.endedAt),
                Column("status").set(to: record.status.rawValue), Column("exitCode").set(to: record.exitCode),
                Column("logFolder").set(to: record.logFolder), Column("revision").set(to: record.revision),
                Column("note").set(to: record.note),
            ]) == 1
        }
    }

    public func runningRecords() async throws -> [RunRecord] {
        try await database.read { db in
            try StoredRun.filter(Column("status") == RunStatus.running.rawValue).order(Column("id")).fetchAll(db).map(\.record)
        }
    }

    public func records(lane: String?, limit: Int) async throws -> [RunRecord] {
        try await database.read { db in
            var request = StoredRun.order(Column("scheduledAt").desc, Column("id").desc).limit(limit)
            if let lane { request = request.filter(Column("lane") == lane) }
            return try request.fetchAll(db).map(\.record)
        }
    }

    public func lastScheduledTime(lane: String) async throws -> Date? {
        try await database.read { db in
            try StoredRun.filter(Column("lane") == lane).order(Column("scheduledAt").desc).fetchOne(db)?.record.scheduledAt
        }
    }

    public func lastSuccessfulRevision(lane: String) async throws -> String? {
        try await database.read { db in
            try StoredRun.filter(Column("lane") == lane && Column("status") == RunStatus.succeeded.rawValue)
                .order(Column("scheduledAt").desc, Column("id").desc).fetchOne(db)?.record.revision
        }
    }
}

/// The row type: `RunRecord` stays free of GRDB.
private struct StoredRun: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "run"
    var record: RunRecord

    init(_ record: RunRecord) { self.record = record }

    init(from decoder: any Decoder) throws { record = try RunRecord(from: decoder) }

    func encode(to encoder: any Encoder) throws { try record.encode(to: encoder) }

    mutating func didInsert(_ inserted: InsertionSuccess) { record.id = inserted.rowID }
}
