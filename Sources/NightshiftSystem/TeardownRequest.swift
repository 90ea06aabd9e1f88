import Foundation

/// A one-shot "tear this step down" that a cancellation handler raises. The step's own work runs
/// outside the caller's task, so the teardown, and the output read meanwhile, are not cut short
/// by the very cancellation that asked for them.
///
/// The step registers its teardown with `whenRequested` once its process group exists; a
/// request starts it then (or at once, if the request came first). `finish` closes the request
/// when the step is over, so a late request can no longer signal a group that is gone.
// @unchecked: every mutable field is read and written under `lock` (NSLock: Synchronization's
// Mutex needs macOS 15).
final class TeardownRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false
    private var finished = false
    private var action: (@Sendable () -> Task<Void, Never>)?
    private var started: Task<Void, Never>?

    /// The teardown task is created under the lock, so `finish` either sees it or prevents it.
    func request() {
        lock.withLock {
            guard !requested, !finished else { return }
            requested = true
            if let action { started = action() }
        }
    }

    /// Registers the teardown; starts it now if a request is already in.
    func whenRequested(_ action: @escaping @Sendable () -> Task<Void, Never>) {
        lock.withLock {
            self.action = action
            if requested && !finished && started == nil { started = action() }
        }
    }

    /// Closes the request; returns the teardown it started, if any, for the caller to await.
    func finish() -> Task<Void, Never>? {
        lock.withLock {
            finished = true
            return started
        }
    }
}
