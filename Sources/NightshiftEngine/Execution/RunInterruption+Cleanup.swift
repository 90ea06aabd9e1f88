import Foundation
import NightshiftSystem

extension RunInterruption {
    /// Interrupts from which the cleanup still to run is abandoned: the user has asked three times.
    static let abandonCleanupCount = 3

    /// Whether the cleanup not yet run is to be abandoned.
    var abandonsCleanup: Bool { interruptCount >= Self.abandonCleanupCount }

    /// Runs one cleanup action. The first interrupt (the one that usually ended the lane) lets it
    /// run; a later one cancels it, so the next action starts; the third also stops waiting for
    /// it: a process that ignores SIGTERM would otherwise hold nightshift for the teardown's
    /// grace period. Returns nil when it was abandoned so (it may still be being torn down).
    func runCleanupAction<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> T? {
        // Interrupts before the action started do not stop it; one between its start and the
        // canceller's installation does, as if it had come a moment later.
        let countAtStart = interruptCount
        let task = Task { await operation() }
        let value: T? = await withCheckedContinuation { continuation in
            let once = ResumeOnce<T?>(continuation)
            let count = installCancel { newCount in
                if newCount >= 2 { task.cancel() }
                if newCount >= Self.abandonCleanupCount { once.resume(nil) }
            }
            if count >= Self.abandonCleanupCount {
                task.cancel()
                once.resume(nil)
            } else if count > countAtStart, count >= 2 {
                task.cancel()
            }
            Task { once.resume(await task.value) }
        }
        installCancel(nil)
        return value
    }
}

/// A continuation resumed by whichever of its racers comes first; the others are ignored.
private final class ResumeOnce<T: Sendable>: Sendable {
    /// Taken and cleared under the box's lock, so it is resumed once.
    private let continuation: LockedValue<CheckedContinuation<T, Never>?>

    init(_ continuation: CheckedContinuation<T, Never>) {
        self.continuation = LockedValue(continuation)
    }

    func resume(_ value: T) {
        let waiting = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: value)
    }
}
