public import Foundation
import GRDB

/// Each lane's outcome, for every real `nightshift run` (the daemon's children and runs by hand
/// alike): what `fixed` is told from.
extension SQLiteRunHistory {
    /// How a run of a lane ended, as the next run compares itself with it.
    public enum LaneOutcome: String, Sendable, Hashable {
        case passed, failed
    }

    /// The outcome of the latest run of `lane` recorded; nil when none was.
    public func latestOutcome(lane: String) async throws -> LaneOutcome? {
        let request = StoredLaneOutcome.filter(Column("lane") == lane).order(Column("id").desc).limit(1)
        let stored = try await perform { database in try await database.read { db in try StoredLaneOutcome.fetchOne(db, request) } }
        return stored.flatMap { LaneOutcome(rawValue: $0.outcome) }
    }

    public func recordOutcome(_ outcome: LaneOutcome, lane: String, runID: String, at date: Date) async throws {
        try await perform { database in
            try await database.write { db in
                try StoredLaneOutcome(id: nil, runID: runID, lane: lane, outcome: outcome.rawValue, endedAt: date).insert(db)
            }
        }
    }
}
