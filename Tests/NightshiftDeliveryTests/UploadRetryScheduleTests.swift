import NightshiftCore
import NightshiftFakeTransport
import NightshiftSchema
import Testing

/// An upload's `attempts:`/`backoff:` as the one retry loop runs them (the loop itself:
/// `RetryLoopTests`, in Core's tests).
@Suite("An upload's retry schedule")
struct UploadRetryScheduleTests {
    @Test("an upload's waits double from backoff:, stretched by the jitter, and each retry is announced with its wait")
    func uploadSchedule() async {
        var notices: [String] = []
        var waits: [Duration] = []
        let loop = RetryLoop(schedule: UploadRetryPolicy(attempts: 4, backoff: .seconds(2)), jitter: FixedJitter(unit: 0))
        let run = await loop.run(
            attempt: { $0 >= 3 }, retry: { succeeded, attempt in succeeded ? nil : RetryLoop.Decision(reason: "failure \(attempt)") },
            announce: { notices.append($0.description) },
            sleep: { wait in
                waits.append(wait); return true
            })
        #expect(run.outcome && run.attempts == 3 && !run.cutShort)
        #expect(waits == [.seconds(2), .seconds(4)])
        #expect(notices == ["failure 1; retrying in 2.0s (attempt 2 of 4)", "failure 2; retrying in 4.0s (attempt 3 of 4)"])
        let stretched = UploadRetryPolicy(attempts: 2, backoff: .seconds(2)).wait(afterAttempt: 1, unit: 0.5)
        #expect(abs(stretched.seconds - 2.2) < 0.001)
    }
}
