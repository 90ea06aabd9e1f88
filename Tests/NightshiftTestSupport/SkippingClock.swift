public import Foundation
public import NightshiftSystem

/// A clock whose sleeps return at once, moving its time forward: polling and back-off run in
/// no time, and the token's expiry still follows the clock. Records each sleep.
public final class SkippingClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var slept: [TimeInterval] = []

    public init(now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = now
    }

    public var now: Date { lock.withLock { current } }
    public var sleeps: [TimeInterval] { lock.withLock { slept } }

    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now.addingTimeInterval(duration.timeInterval))
    }

    public func sleep(until date: Date) async throws {
        try Task.checkCancellation()
        lock.withLock {
            slept.append(date.timeIntervalSince(current))
            current = max(current, date)
        }
        await Task.yield()
        try Task.checkCancellation()
    }
}
