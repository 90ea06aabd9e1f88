import Foundation
import NightshiftSystem

/// How one cleanup action ended.
enum CleanupOutcome: Sendable, Equatable {
    case finished
    case failed(String)
    /// Still running when the cleanup bound ran out; it was stopped.
    case timedOut
    /// A later interrupt stopped it, so the next action could start.
    case interrupted
    /// A third interrupt: not waited for, or never started.
    case abandoned
}

/// Runs a cleanup action within the cleanup bound (`cleanup_timeout:`, 2 minutes by default):
/// a `security delete-keychain` that hangs must not hold a lane past its own timeout and then
/// report it passed. Stopping is cancellation, so the action's command has its process group
/// torn down the way a step's has.
struct CleanupActionRun {
    static let defaultBound: Duration = .seconds(120)

    let bound: Duration
    let clock: any WallClock
    let interruption: RunInterruption

    func run(_ action: CleanupStack.Action) async -> CleanupOutcome {
        if interruption.abandonsCleanup { return .abandoned }
        let outcome = await interruption.runCleanupAction { [bound, clock] () async -> CleanupOutcome in
            let raced = try? await withTimeLimit(bound, on: clock) { () async -> CleanupOutcome in
                do {
                    try await action.perform()
                    return .finished
                } catch {
                    return .failed("\(error)")
                }
            }
            if Task.isCancelled { return .interrupted }
            switch raced {
            case .finished(let outcome): return outcome
            case .timedOut: return .timedOut
            case nil: return .interrupted
            }
        }
        return outcome ?? .abandoned
    }
}
