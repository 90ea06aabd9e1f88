import NightshiftCore
import Testing

/// The one retry loop that a step's `retry:` and every upload run through (an upload's schedule:
/// `UploadRetryScheduleTests`, in Delivery's tests).
@Suite("RetryLoop")
struct RetryLoopTests {
    private struct Jitter: JitterSource {
        var unit: Double
        func nextUnit() -> Double { unit }
    }

    /// Runs a loop whose attempts fail until `succeedsAt`, recording notices and waits.
    private func exercise(
        _ loop: RetryLoop, succeedsAt: Int, subject: String? = nil, asked: Duration? = nil, cutAt: Int? = nil
    ) async -> (RetryLoop.Run<Bool>, [String], [Duration]) {
        var notices: [String] = []
        var waits: [Duration] = []
        let run = await loop.run(
            attempt: { $0 >= succeedsAt },
            retry: { succeeded, attempt in
                succeeded ? nil : RetryLoop.Decision(reason: subject == nil ? "failure \(attempt)" : nil, subject: subject, wait: asked)
            },
            announce: { notices.append($0.description) },
            sleep: { wait in
                waits.append(wait)
                return waits.count != cutAt
            })
        return (run, notices, waits)
    }

    @Test("the attempts are a bound: the last failure is kept, with no wait after it")
    func attemptsBound() async {
        let (run, notices, waits) = await exercise(RetryLoop(schedule: RetryPolicy(times: 1, delay: .seconds(1))), succeedsAt: 9)
        #expect(!run.outcome && run.attempts == 2 && waits.count == 1 && notices.count == 1)
    }

    @Test("a wait the decision asks for (Retry-After) replaces the schedule's")
    func askedWait() async {
        let (_, notices, waits) = await exercise(
            RetryLoop(schedule: RetryPolicy(times: 1, delay: .seconds(1))), succeedsAt: 2, asked: .seconds(42))
        #expect(waits == [.seconds(42)] && notices == ["failure 1; retrying in 42s (attempt 2 of 2)"])
    }

    @Test("a step's retry line names the step and never its wait; the waits grow by the back-off factor")
    func stepSchedule() async {
        let loop = RetryLoop(schedule: RetryPolicy(times: 3, delay: .seconds(10), backoff: 2), announcesWait: false)
        let (run, notices, waits) = await exercise(loop, succeedsAt: 4, subject: "'Build'")
        #expect(run.attempts == 4 && waits == [.seconds(10), .seconds(20), .seconds(40)])
        #expect(notices == ["retrying 'Build' (attempt 2 of 4)", "retrying 'Build' (attempt 3 of 4)", "retrying 'Build' (attempt 4 of 4)"])
    }

    @Test("a wait cut short ends the loop with the last attempt made")
    func cutShort() async {
        let (run, _, _) = await exercise(RetryLoop(schedule: RetryPolicy(times: 5, delay: .seconds(1))), succeedsAt: 9, cutAt: 2)
        #expect(run.cutShort && run.attempts == 2 && !run.outcome)
    }

    @Test("without retries an attempt runs once, nothing is announced")
    func noRetries() async {
        let (run, notices, waits) = await exercise(RetryLoop(schedule: RetryPolicy.none), succeedsAt: 9)
        #expect(run.attempts == 1 && notices.isEmpty && waits.isEmpty)
    }
}
