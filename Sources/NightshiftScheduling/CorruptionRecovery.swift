import Foundation
import NightshiftCore
public import NightshiftSystem

/// How the daemon's run history gets over a corrupt database: the file is renamed to
/// `<name>.corrupt-<UTC time>` (kept for a post-mortem, never deleted) and the problem reported,
/// naming the saved copy, so a new database can be started in its place.
public struct CorruptionRecovery: Sendable {
    private let clock: any WallClock
    let report: @Sendable (String) -> Void

    /// - Parameter report: an error for the daemon's log.
    public init(clock: any WallClock, report: @escaping @Sendable (String) -> Void) {
        self.clock = clock
        self.report = report
    }

    /// Renames `path` (and the journal files SQLite keeps beside it) aside; returns the new name.
    func moveAside(_ path: String) throws(SystemCallError) -> String {
        let saved = freeName(for: path)
        try FileRename.replace(saved, with: path)
        for suffix in ["-journal", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try? FileRename.replace(saved + suffix, with: path + suffix)
        }
        return saved
    }

    /// `path.corrupt-20261123T164800Z`, with a counter when that name is taken (two in one second).
    private func freeName(for path: String) -> String {
        let base = "\(path).corrupt-\(UTCTimestamp.compact(clock.now))"
        var name = base
        var counter = 1
        while FileManager.default.fileExists(atPath: name) {
            counter += 1
            name = "\(base)-\(counter)"
        }
        return name
    }
}
