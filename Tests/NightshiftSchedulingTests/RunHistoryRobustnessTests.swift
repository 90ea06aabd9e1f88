import Foundation
import GRDB
@testable import NightshiftCore
@testable import NightshiftScheduling
import NightshiftTestSupport
import Testing

/// The run history shared with other processes, and damaged (#15: no silent loss).
@Suite("Run history under locks and corruption", .temporaryDirectory)
struct RunHistoryRobustnessTests {
    static let record = RunRecord(lane: "nightly", scheduledAt: instant("2026-01-01T02:00:00Z"), status: .succeeded)

    /// Holds a transaction of `kind` on `path` from another connection, on a thread of its own,
    /// for half a second (well under the busy timeout); returns once the lock is held. Real time,
    /// unavoidably: what waits is SQLite's busy handler, on its own clock, which no test can
    /// move or observe; the half second only makes sure the write meets the lock.
    static func holdLock(on path: String, _ kind: Database.TransactionKind) throws -> Thread {
        let other = try DatabaseQueue(path: path)
        let held = DispatchSemaphore(value: 0)
        let thread = Thread {
            try? other.inTransaction(kind) { db in
                _ = try Row.fetchAll(db, sql: "SELECT * FROM run")  // a reader's SHARED lock, at least
                held.signal()
                Thread.sleep(forTimeInterval: 0.5)
                return .commit
            }
        }
        thread.start()
        held.wait()
        return thread
    }

    @Test("a firing is recorded while another process reads the history: the write waits for the lock")
    func writeWaitsForReader() async throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try SQLiteRunHistory(path: folder + "/history.sqlite")
        _ = try Self.holdLock(on: folder + "/history.sqlite", .deferred)
        let stored = try await history.insert(Self.record)
        #expect(stored.id == 1)
    }

    @Test("a second daemon opens the history while the first writes to it, instead of dying with 'database is locked'")
    func openWaitsForWriter() async throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try SQLiteRunHistory(path: folder + "/history.sqlite")
        _ = try Self.holdLock(on: folder + "/history.sqlite", .exclusive)
        let second = try SQLiteRunHistory(path: folder + "/history.sqlite")
        #expect(try await second.records(lane: nil, limit: 5).isEmpty)
    }

    @Test("a file that is not a database is moved aside at open and a new history started; the report names the copy")
    func garbageAtOpen() async throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/history.sqlite"
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let reports = Reports()
        let clock = ManualClock(now: instant("2026-11-23T16:48:05Z"))
        let history = try SQLiteRunHistory(path: path, recovery: CorruptionRecovery(clock: clock) { reports.add($0) })
        #expect(try await history.insert(Self.record).id == 1)
        let saved = path + ".corrupt-20261123T164805Z"
        #expect(FileManager.default.contents(atPath: saved) == garbage, "the damaged file is kept for a post-mortem")
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.contains("the run history \(path) is corrupt") == true)
        #expect(reports.all.first?.contains("saved it as \(saved) and started a new one") == true)
    }

    @Test("a history damaged while the daemon runs is moved aside at the next write, which then succeeds")
    func garbageWhileRunning() async throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/history.sqlite"
        let reports = Reports()
        let clock = ManualClock(now: instant("2026-11-23T16:48:05Z"))
        let history = try SQLiteRunHistory(path: path, recovery: CorruptionRecovery(clock: clock) { reports.add($0) })
        _ = try await history.insert(Self.record)
        // Overwritten in place (same file, as a failing disk would leave it), not replaced.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 4096))
        try handle.close()
        var later = Self.record
        later.scheduledAt = instant("2026-01-02T02:00:00Z")
        #expect(try await history.insert(later).id == 1, "a new database")
        #expect(try await history.records(lane: nil, limit: 5).map(\.scheduledAt) == [later.scheduledAt])
        #expect(reports.all.count == 1)
        #expect(FileManager.default.fileExists(atPath: path + ".corrupt-20261123T164805Z"))
    }

    @Test("without recovery (nightshift history, a reader) a corrupt file is an error and is left where it is")
    func garbageWithoutRecovery() throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/history.sqlite"
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) { try SQLiteRunHistory(path: path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["history.sqlite"])
    }

    @Test("a row that cannot be decoded is skipped with a note; the other runs are still listed")
    func undecodableRow() async throws {
        let folder = try SchedulerInfrastructureTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/history.sqlite"
        let history = try SQLiteRunHistory(path: path)
        _ = try await history.insert(Self.record)
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO run (lane, scheduledAt, status) VALUES ('nightly', '2026-01-03 02:00:00.000', 'exploded')")
        }
        #expect(try await history.records(lane: nil, limit: 5).map(\.status) == [.succeeded])
        let listing = try await history.listing(lane: "nightly", limit: 5)
        #expect(listing.records.count == 1)
        #expect(listing.unreadable.count == 1)
        #expect(listing.unreadable.first?.hasPrefix("run 2 cannot be read (") == true)
        #expect(try await history.lastScheduledTime(lane: "nightly") == instant("2026-01-03T02:00:00Z"), "its firing was handled")
    }
}

/// What a `CorruptionRecovery` reported.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
