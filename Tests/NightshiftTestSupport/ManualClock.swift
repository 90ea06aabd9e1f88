public import Foundation
public import NightshiftSystem
public import Testing

/// A clock tests move by hand. Sleepers wake when `advance` reaches their deadline, so days of
/// schedule run in milliseconds and nothing waits on the real time.
public final class ManualClock: WallClock, @unchecked Sendable {
    private struct Sleeper {
        var id: UInt64
        var deadline: Date
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: Date
    private var sleepers: [Sleeper] = []
    private var nextID: UInt64 = 0

    public init(now: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = now
    }

    public var now: Date { lock.withLock { current } }

    /// How many tasks are waiting on this clock.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now.addingTimeInterval(duration.timeInterval))
    }

    public func sleep(until date: Date) async throws {
        let id = lock.withLock {
            nextID += 1; return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = lock.withLock {
                    if date <= current || Task.isCancelled { return true }
                    sleepers.append(Sleeper(id: id, deadline: date, continuation: continuation))
                    return false
                }
                if resumeNow {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    public func advance(by duration: Duration) {
        advance(to: now.addingTimeInterval(duration.timeInterval))
    }

    /// Moves the clock to `date`, waking every sleeper whose deadline has come, in deadline order.
    public func advance(to date: Date) {
        let due: [Sleeper] = lock.withLock {
            current = max(current, date)
            let due = sleepers.filter { $0.deadline <= current }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (`waitUntil`) until `count` tasks sleep on this clock.
    public func waitForSleepers(_ count: Int = 1, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await waitUntil("\(count) task(s) sleep on the manual clock", sourceLocation: sourceLocation) { sleeperCount >= count }
    }

    /// Waits (`waitUntil`) until a task sleeps until exactly `date`: for tests where other,
    /// shorter-lived sleepers come and go.
    public func waitForSleeper(wakingAt date: Date, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await waitUntil("a task sleeps on the manual clock until \(date)", sourceLocation: sourceLocation) {
            lock.withLock { sleepers.contains { $0.deadline == date } }
        }
    }
}

extension Duration {
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
