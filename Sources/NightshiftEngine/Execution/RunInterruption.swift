import Foundation
import NightshiftSystem

/// Carries "nightshift was asked to stop" (SIGINT/SIGTERM) into a running lane. The lane loop is
/// never cancelled itself: only the step in flight is, so `always` steps and cleanup still run in
/// an uncancelled context afterwards.
public final class RunInterruption: Sendable {
    private struct State {
        var received: Int32?
        var count = 0
        /// Told the new interrupt count: a step stops at any interrupt, a cleanup action only at a
        /// later one (see `runCleanupAction`).
        var cancelCurrent: (@Sendable (Int) -> Void)?
        /// The lanes' own, under `--parallel`: each has a step in flight of its own to cancel.
        var children: [RunInterruption] = []

        /// Whether a step starting now is stopped already: any interrupt stops a step, a second
        /// one an `always` step too.
        func stops(always: Bool) -> Bool { received != nil && (!always || count > 1) }
    }

    private let state = LockedValue(State())

    public init() {}

    /// An interruption told every interrupt this one is told, before and after: one per lane of
    /// `nightshift run --parallel`, since one holds a single step in flight.
    public func makeChild() -> RunInterruption {
        let child = RunInterruption()
        let (signal, count) = state.withLock { state in
            state.children.append(child)
            return (state.received, state.count)
        }
        if let signal { for _ in 0..<count { child.interrupt(signal: signal) } }
        return child
    }

    /// The first signal received, if any.
    public var signal: Int32? { state.withLock { $0.received } }

    /// How many interrupts arrived: a second one also stops `always` steps and the cleanup action
    /// in flight; a third abandons the rest of the cleanup.
    public var interruptCount: Int { state.withLock { $0.count } }

    public func interrupt(signal: Int32) {
        let (cancel, newCount): ((@Sendable (Int) -> Void)?, Int) = state.withLock { state in
            if state.received == nil { state.received = signal }
            state.count += 1
            return (state.cancelCurrent, state.count)
        }
        cancel?(newCount)
        for child in state.withLock({ $0.children }) { child.interrupt(signal: signal) }
    }

    /// Makes `cancel` what the next interrupt calls (nil: nothing), and returns the interrupts
    /// so far, read under the same lock so that none slips between the two.
    @discardableResult
    func installCancel(_ cancel: (@Sendable (Int) -> Void)?) -> Int {
        state.withLock { state in
            state.cancelCurrent = cancel
            return state.count
        }
    }

    /// Runs `operation` as the step in flight; an interrupt cancels it. An `always` step started
    /// after the first interrupt runs uncancelled; a second interrupt stops it too.
    func runCancellable<T: Sendable>(always: Bool, _ operation: @escaping @Sendable () async -> T) async -> T {
        // A step already stopped must not start at all, not even up to its first suspension.
        let task = state.withLock { $0.stops(always: always) } ? Task { await operation() } : Self.start(operation)
        let cancelNow: Bool = state.withLock { state in
            state.cancelCurrent = { _ in task.cancel() }
            return state.stops(always: always)
        }
        if cancelNow { task.cancel() }
        let value = await task.value
        state.withLock { $0.cancelCurrent = nil }
        return value
    }

    /// Runs what follows the lanes (notifications) so that an interrupt arriving while it runs
    /// stops it: the first one when the lanes ended without one, a second one when they were
    /// interrupted already (what follows an interrupted run is short by design, as an `always`
    /// step is). Without it, Jenkins' Abort would wait out every retry.
    public func runUntilInterrupted<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T {
        await runCancellable(always: true, operation)
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
