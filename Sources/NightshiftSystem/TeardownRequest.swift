import Foundation

/// A one-shot "tear this step down" that a cancellation handler raises. The step's own work runs
/// outside the caller's task, so the teardown, and the output read meanwhile, are not cut short
/// by the very cancellation that asked for them.
///
/// The step registers its teardown with `whenRequested` once its process group exists; a
/// request starts it then (or at once, if the request came first). `finish` closes the request
/// when the step is over, so a late request can no longer signal a group that is gone.
final class TeardownRequest: Sendable {
    private struct State {
        var requested = false
        var finished = false
        var action: (@Sendable () -> Task<Void, Never>)?
        var started: Task<Void, Never>?
    }

    private let state = LockedValue(State())

    /// The teardown task is created under the lock, so `finish` either sees it or prevents it.
    func request() {
        state.withLock { state in
            guard !state.requested, !state.finished else { return }
            state.requested = true
            if let action = state.action { state.started = action() }
        }
    }

    /// Registers the teardown; starts it now if a request is already in.
    func whenRequested(_ action: @escaping @Sendable () -> Task<Void, Never>) {
        state.withLock { state in
            state.action = action
            if state.requested && !state.finished && state.started == nil { state.started = action() }
        }
    }

    /// Closes the request; returns the teardown it started, if any, for the caller to await.
    func finish() -> Task<Void, Never>? {
        state.withLock { state in
            state.finished = true
            return state.started
        }
    }
}
