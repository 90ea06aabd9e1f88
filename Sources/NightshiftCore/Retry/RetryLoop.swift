public import NightshiftSystem

/// The one retry loop, for a step's `retry:` and for every upload: tries an operation up to
/// `schedule.attempts` times, announcing each retry as a `RetryNotice` before waiting, and
/// waiting through `sleep` (the injected clock, or what the caller wraps around it) between tries.
public struct RetryLoop: Sendable {
    public var schedule: any RetrySchedule
    /// Draws the jitter for each wait; nil for schedules without jitter.
    public var jitter: (any JitterSource)?
    /// Whether the notice says how long the wait is: uploads do; a step's line never has.
    public var announcesWait: Bool

    public init(schedule: any RetrySchedule, jitter: (any JitterSource)? = nil, announcesWait: Bool = true) {
        self.schedule = schedule
        self.jitter = jitter
        self.announcesWait = announcesWait
    }

    /// Whether and how to try again after an attempt that did not do.
    public struct Decision: Sendable {
        public var reason: String?
        public var subject: String?
        /// Instead of the schedule's wait (a server's `Retry-After`).
        public var wait: Duration?

        public init(reason: String? = nil, subject: String? = nil, wait: Duration? = nil) {
            self.reason = reason
            self.subject = subject
            self.wait = wait
        }
    }

    /// The last attempt's outcome and how many attempts were made.
    public struct Run<Outcome> {
        public var outcome: Outcome
        public var attempts: Int
        /// The wait before another attempt was cut short (`sleep` returned false).
        public var cutShort: Bool
    }

    /// Runs `attempt` (given its number, from 1) until `retry` returns nil for its outcome, the
    /// attempts are spent, or a wait is cut short. `sleep` returns false when it was cut short and
    /// throws to end the whole loop (cancellation).
    public func run<Outcome>(
        attempt: (Int) async throws -> Outcome,
        retry: (Outcome, Int) -> Decision?,
        announce: (RetryNotice) async -> Void,
        sleep: (Duration) async throws -> Bool
    ) async rethrows -> Run<Outcome> {
        var number = 1
        while true {
            let outcome = try await attempt(number)
            guard number < schedule.attempts, let decision = retry(outcome, number) else {
                return Run(outcome: outcome, attempts: number, cutShort: false)
            }
            let wait = decision.wait ?? schedule.wait(afterAttempt: number, unit: jitter?.nextUnit() ?? 0)
            await announce(
                RetryNotice(
                    reason: decision.reason, subject: decision.subject, wait: announcesWait ? wait : nil,
                    attempt: number + 1, attempts: schedule.attempts))
            guard try await sleep(wait) else { return Run(outcome: outcome, attempts: number, cutShort: true) }
            number += 1
        }
    }

    /// A plain wait on `clock`, which a cancelled task ends by throwing.
    public static func sleeping(on clock: any WallClock) -> @Sendable (Duration) async throws -> Bool {
        { wait in
            try await clock.sleep(for: wait)
            return true
        }
    }
}
