public import Foundation

/// Time, injected: wall-clock instants for schedules, monotonic waits for timeouts and back-off.
public protocol WallClock: Sendable {
    var now: Date { get }
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
    /// Suspends until the wall clock reads `date` (robust to sleep and clock jumps).
    func sleep(until date: Date) async throws
}
