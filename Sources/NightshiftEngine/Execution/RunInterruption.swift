import Foundation

/// Carries "nightshift was asked to stop" (SIGINT/SIGTERM) into a running lane. The lane loop is
/// never cancelled itself: only the step in flight is, so `always` steps and cleanup still run in
/// an uncancelled context afterwards.
// @unchecked: every mutable field is read and written under `lock` (NSLock: Synchronization's
// Mutex needs macOS 15).
public final class RunInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var count = 0
    /// Told the new interrupt count: a step stops at any interrupt, a cleanup action only at a
    /// later one (see `runCleanupAction`).
    private var cancelCurrent: (@Sendable (Int) -> Void)?
    /// The lanes' own, under `--parallel`: each has a step in flight of its own to cancel.
    private var children: [RunInterruption] = []

    public init() {}

    /// An interruption told every interrupt this one is told, before and after: one per lane of
    /// `nightshift run --parallel`, since one holds a single step in flight.
    public func makeChild() -> RunInterruption {
        let child = RunInterruption()
        let (signal, count) = lock.withLock {
            children.append(child)
            return (received, self.count)
        }
        if let signal { for _ in 0..<count { child.interrupt(signal: signal) } }
        return child
    }

    /// The first signal received, if any.
    public var signal: Int32? { lock.withLock { received } }

    /// How many interrupts arrived: a second one also stops `always` steps and the cleanup action
    /// in flight; a third abandons the rest of the cleanup.
    public var interruptCount: Int { lock.withLock { count } }

    public func interrupt(signal: Int32) {
        let (cancel, newCount): ((@Sendable (Int) -> Void)?, Int) = lock.withLock {
            if received == nil { received = signal }
            count += 1
            return (cancelCurrent, count)
        }
        cancel?(newCount)
        for child in lock.withLock({ children }) { child.interrupt(signal: signal) }
    }

    /// Makes `cancel` what the next interrupt calls (nil: nothing), and returns the interrupts
    /// so far, read under the same lock so that none slips between the two.
    @discardableResult
    func installCancel(_ cancel: (@Sendable (Int) -> Void)?) -> Int {
        lock.withLock {
            cancelCurrent = cancel
            return count
        }
    }

    /// Runs `operation` as the step in flight; an interrupt cancels it. An `always` step started
    /// after the first interrupt runs uncancelled; a second interrupt stops it too.
    func runCancellable<T: Sendable>(always: Bool, _ operation: @escaping @Sendable () async -> T) async -> T {
        let stopped = { [self] in received != nil && (!always || count > 1) }
        // A step already stopped must not start at all, not even up to its first suspension.
        let task = lock.withLock(stopped) ? Task { await operation() } : Self.start(operation)
        let cancelNow: Bool = lock.withLock {
            cancelCurrent = { _ in task.cancel() }
            return stopped()
        }
        if cancelNow { task.cancel() }
        let value = await task.value
        lock.withLock { cancelCurrent = nil }
        return value
    }

    /// The step's task starts on the lane's thread, up to its first suspension, instead of
    /// being queued for another thread while this one waits for it: a lane of 1,000 short steps
    /// would pay 1,000 extra thread wake-ups (scripts/bench-lane).
    private static func start<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> Task<T, Never> {
        if #available(macOS 26, *) {
            Task.immediate { await operation() }
        } else {
            Task { await operation() }
        }
    }
}
