import Foundation
import NightshiftCore
import NightshiftSystem

/// How one attempt of a step ended.
enum AttemptOutcome: Sendable, Equatable {
    case finished(Termination)
    /// Failed for a reason of the step's own (an expired profile, a refused upload).
    case failed(String, FailureReason)
    /// `timeout` or `no_output_timeout`, which the reason tells apart.
    case timedOut(String, FailureReason)
    /// A lane's (or lane call's) time limit ran out during the step.
    case deadlineExceeded(String)
    case interrupted

    var succeeded: Bool { self == .finished(.exited(0)) }

    var exceededDeadline: Bool {
        if case .deadlineExceeded = self { true } else { false }
    }
}

/// Races a step against its `timeout`, its `no_output_timeout` and the enclosing lane's deadline
/// on the injected clock. When a limit is reached, the step's task is cancelled, which tears down
/// its process group.
struct StepWatchdog {
    let timeout: Duration?
    let noOutputTimeout: Duration?
    let deadline: RunDeadline?
    let clock: any WallClock
    let recorder: StepOutputRecorder

    func run(_ work: @escaping @Sendable () async throws -> Termination) async -> AttemptOutcome {
        guard timeout != nil || noOutputTimeout != nil || deadline != nil else {
            // Nothing to race against: no task group to pay for.
            let outcome = await Self.perform(work)
            return Task.isCancelled ? .interrupted : outcome ?? .interrupted
        }
        let outcome = await withTaskGroup(of: AttemptOutcome?.self) { group in
            group.addTask { await Self.perform(work) }
            if let timeout {
                group.addTask { [clock] in
                    guard (try? await clock.sleep(for: timeout)) != nil else { return nil }
                    return .timedOut("timed out after \(DurationFormatting.exact(timeout))", .timeout)
                }
            }
            if let deadline {
                group.addTask { [clock] in
                    guard (try? await clock.sleep(until: deadline.at)) != nil else { return nil }
                    return .deadlineExceeded("stopped: \(deadline.reason)")
                }
            }
            if let noOutputTimeout {
                group.addTask { [clock, recorder] in
                    await Self.silence(longerThan: noOutputTimeout, clock: clock, recorder: recorder)
                }
            }
            var first: AttemptOutcome?
            while first == nil, let next = await group.next() {
                first = next
            }
            group.cancelAll()
            return first
        }
        if Task.isCancelled { return .interrupted }
        return outcome ?? .interrupted
    }

    private static func perform(_ work: @Sendable () async throws -> Termination) async -> AttemptOutcome? {
        do {
            let termination = try await work()
            return Task.isCancelled ? nil : .finished(termination)
        } catch is CancellationError {
            return nil
        } catch let failure as StepFailure {
            return .failed(failure.message, failure.reason)
        } catch {
            return .failed("\(error)", .stepFailed)
        }
    }

    private static func silence(longerThan limit: Duration, clock: any WallClock, recorder: StepOutputRecorder) async -> AttemptOutcome? {
        while !Task.isCancelled {
            let last = await recorder.lastActivity
            guard (try? await clock.sleep(until: last.addingTimeInterval(limit.seconds))) != nil else { return nil }
            if await recorder.lastActivity <= last {
                return .timedOut("printed nothing for \(DurationFormatting.exact(limit)) (no_output_timeout)", .noOutputTimeout)
            }
        }
        return nil
    }
}
