import Foundation
import NightshiftEngine
public import NightshiftSystem

/// Notices that the lanes file changed (modification time or size), polling on the injected
/// clock, so the daemon reloads it without a SIGHUP.
public struct FileChangeWatcher: Sendable {
    private let path: String
    private let clock: any WallClock
    private let interval: Duration

    public init(path: String, clock: any WallClock, interval: Duration = .seconds(5)) {
        self.path = path
        self.clock = clock
        self.interval = interval
    }

    /// Calls `onChange` after each change until the calling task is cancelled.
    public func watch(onChange: @Sendable () async -> Void) async {
        var last = fingerprint()
        while !Task.isCancelled {
            do { try await clock.sleep(for: interval) } catch { return }
            let current = fingerprint()
            if current != last {
                last = current
                await onChange()
            }
        }
    }

    private func fingerprint() -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "missing" }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        return "\(modified):\(size)"
    }
}
