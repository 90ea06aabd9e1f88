import Foundation

/// A one-shot flag that a cancellation handler raises and the running step awaits. The step's
/// own work runs outside the caller's task, so the teardown, and the output read meanwhile, are
/// not cut short by the very cancellation that asked for them.
final class TeardownRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false
    private var waiter: CheckedContinuation<Bool, Never>?

    func request() {
        let waiting = lock.withLock {
            requested = true
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume(returning: true)
    }

    var isRequested: Bool { lock.withLock { requested } }

    /// Returns true once a teardown is requested, or false when the awaiting task is cancelled.
    func wait() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer: Bool? = lock.withLock {
                    if requested { return true }
                    if Task.isCancelled { return false }
                    waiter = continuation
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiting = lock.withLock {
                defer { waiter = nil }
                return waiter
            }
            waiting?.resume(returning: false)
        }
    }
}
