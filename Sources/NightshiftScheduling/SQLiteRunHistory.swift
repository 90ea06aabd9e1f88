public import Foundation
import GRDB
import NightshiftCore

/// `RunHistory` in SQLite (GRDB), normally `.nightshift/history.sqlite`.
///
/// Several processes share the file (the daemon, `nightshift history`, a second daemon on another
/// lanes file in the same folder), so every connection waits for a lock instead of failing at
/// once. With a `CorruptionRecovery`, a database SQLite calls corrupt (or a file that is not a
/// database at all) is moved aside and started afresh, at open or whenever an operation meets it:
/// without that, every later firing would fail to be recorded while the daemon looked healthy.
public actor SQLiteRunHistory: RunHistory {
    /// How long an operation waits for another process's lock. A reader such as `nightshift
    /// history` holds it for milliseconds; a firing's record must not be lost to it.
    static let busyTimeout: TimeInterval = 10

    private let path: String
    private let recovery: CorruptionRecovery?
    private var database: DatabaseQueue

    /// Opens or creates the database at `path`, creating its folder.
    /// - Parameter recovery: how to move a corrupt database aside and say so; nil to throw instead
    ///   (a reader such as `nightshift history` leaves the file as it is).
    public init(path: String, recovery: CorruptionRecovery? = nil) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        self.path = path
        self.recovery = recovery
        do {
            database = try Self.open(path)
        } catch {
            guard let recovery, Self.isCorruption(error) else { throw error }
            database = try Self.replaceCorrupt(path, error: error, recovery: recovery)
        }
    }

    private static func open(_ path: String) throws -> DatabaseQueue {
        var configuration = GRDB.Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        let database = try DatabaseQueue(path: path, configuration: configuration)
        try migrator.migrate(database)
        return database
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
        migrator.registerMigration("add test results", migrate: StoredTestResult.createTable)
        migrator.registerMigration("add lane outcomes", migrate: StoredLaneOutcome.createTable)
        // Rows from before manual runs were recorded were all the scheduler's.
        migrator.registerMigration("add run trigger") { db in
            try db.alter(table: "run") { table in
                table.add(column: "trigger", .text).notNull().defaults(to: RunTrigger.schedule.rawValue)
            }
        }
        return migrator
    }

    public func insert(_ record: RunRecord) async throws -> RunRecord {
        try await perform { database in
            try await database.write { db in
                var stored = StoredRun(record)
                try stored.insert(db)
                return stored.record
            }
        }
    }

    public func update(_ record: RunRecord) async throws {
        try await perform { database in try await database.write { db in try StoredRun(record).update(db) } }
    }

    public func updateIfRunning(_ record: RunRecord) async throws -> Bool {
        try await perform { database in
            try await database.write { db in
                let open = StoredRun.filter(Column("id") == record.id && Column("status") == RunStatus.running.rawValue)
                return try open.updateAll(
                    db,
                    [
                        Column("startedAt").set(to: record.startedAt), Column("endedAt").set(to: record.endedAt),
                        Column("status").set(to: record.status.rawValue), Column("exitCode").set(to: record.exitCode),
                        Column("logFolder").set(to: record.logFolder), Column("revision").set(to: record.revision),
                        Column("note").set(to: record.note),
                    ]) == 1
            }
        }
    }

    public func runningRecords() async throws -> [RunRecord] {
        try await read(StoredRun.filter(Column("status") == RunStatus.running.rawValue && Self.scheduled).order(Column("id"))).records
    }

    /// The scheduler's own runs: a manual run neither handles a firing nor sets poll-SCM's revision.
    private static let scheduled = Column("trigger") == RunTrigger.schedule.rawValue

    public func records(lane: String?, limit: Int) async throws -> [RunRecord] {
        try await listing(lane: lane, limit: limit).records
    }

    /// Newest first, like `records`, with the rows that could not be read named rather than
    /// failing the whole listing (`nightshift history` prints them as notes).
    public func listing(lane: String?, limit: Int) async throws -> RunHistoryListing {
        var request = StoredRun.order(Column("scheduledAt").desc, Column("id").desc).limit(limit)
        if let lane { request = request.filter(Column("lane") == lane) }
        return try await read(request)
    }

    /// Only the column is read: a row unreadable otherwise still marks its firing as handled.
    public func lastScheduledTime(lane: String) async throws -> Date? {
        let request = StoredRun.select(Column("scheduledAt")).filter(Column("lane") == lane && Self.scheduled)
            .order(Column("scheduledAt").desc).limit(1)
        return try await perform { database in try await database.read { db in try Date.fetchOne(db, request) } }
    }

    public func lastSuccessfulRevision(lane: String) async throws -> String? {
        let request = StoredRun.filter(Column("lane") == lane && Column("status") == RunStatus.succeeded.rawValue && Self.scheduled)
            .order(Column("scheduledAt").desc, Column("id").desc).limit(1)
        return try await read(request).records.first?.revision
    }

    /// Decodes row by row: one row written by a newer nightshift, or damaged by hand, must not
    /// hide every other run.
    private func read(_ request: QueryInterfaceRequest<StoredRun>) async throws -> RunHistoryListing {
        try await perform { database in
            try await database.read { db in
                var listing = RunHistoryListing(records: [], unreadable: [])
                for row in try Row.fetchAll(db, request) {
                    do {
                        listing.records.append(try StoredRun(row: row).record)
                    } catch {
                        let id: Int64? = row["id"]
                        listing.unreadable.append("run \(id.map(String.init) ?? "?") cannot be read (\(error)); skipped")
                    }
                }
                return listing
            }
        }
    }

    /// Runs `operation`; when it meets a corrupt database (and recovery is on), replaces the
    /// database and runs it once more on the new one.
    func perform<T: Sendable>(_ operation: (DatabaseQueue) async throws -> T) async throws -> T {
        let used = database
        do {
            return try await operation(used)
        } catch {
            guard let recovery, Self.isCorruption(error) else { throw error }
            // Another operation may have replaced it while this one ran.
            if database === used { database = try Self.replaceCorrupt(path, error: error, recovery: recovery) }
            return try await operation(database)
        }
    }

    static func isCorruption(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode.primaryResultCode == .SQLITE_CORRUPT || error.resultCode.primaryResultCode == .SQLITE_NOTADB
    }

    /// A new database at `path`. When a fresh connection finds the file healthy (another daemon
    /// sharing it has already replaced it) it is kept; otherwise it is moved aside first.
    private static func replaceCorrupt(_ path: String, error: any Error, recovery: CorruptionRecovery) throws -> DatabaseQueue {
        if let fresh = try? open(path), (try? fresh.read { try String.fetchOne($0, sql: "PRAGMA quick_check") }) == "ok" {
            return fresh
        }
        let saved = try recovery.moveAside(path)
        recovery.report("the run history \(path) is corrupt (\(error)): saved it as \(saved) and started a new one")
        return try open(path)
    }
}

/// What a listing of the history holds: the records it could read, and a note for each row it
/// could not.
public struct RunHistoryListing: Sendable, Hashable {
    public var records: [RunRecord]
    public var unreadable: [String]
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
