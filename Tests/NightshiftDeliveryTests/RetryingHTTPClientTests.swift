import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

@Suite("Retrying HTTP client")
struct RetryingHTTPClientTests {
    let request = HTTPTransportRequest(method: "PUT", url: URL(string: "https://store.example/builds/app.ipa?X-Signature=abc")!)

    func client(_ transport: ScriptedTransport, clock: ManualClock, attempts: Int = 5, jitter: Double = 0) -> RetryingHTTPClient {
        RetryingHTTPClient(
            transport: transport, clock: clock, jitter: FixedJitter(unit: jitter), policy: UploadRetryPolicy(attempts: attempts))
    }

    @Test("503, 503, then 200 waits 2 s then 4 s on the clock and returns the 200")
    func retriesServerErrorsWithDoublingBackoff() async throws {
        let clock = ManualClock()
        let transport = ScriptedTransport.statuses(503, 503, 200)
        let log = LineLog()
        let start = clock.now
        let task = Task { try await client(transport, clock: clock).send(request, log: log.sink) }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(2))
        await clock.waitForSleepers()
        #expect(clock.now.timeIntervalSince(start) == 2)
        clock.advance(by: .seconds(4))
        let response = try await task.value
        #expect(response.status == 200)
        #expect(transport.requests.count == 3)
        #expect(
            log.lines == [
                "PUT https://store.example/builds/app.ipa: HTTP 503; retrying in 2.0s (attempt 2 of 5)",
                "PUT https://store.example/builds/app.ipa: HTTP 503; retrying in 4.0s (attempt 3 of 5)",
            ])
    }

    @Test("a 401 is returned at once, never retried")
    func doesNotRetryClientErrors() async throws {
        let transport = ScriptedTransport.statuses(401, 200)
        let response = try await client(transport, clock: ManualClock()).send(request, log: { _ in })
        #expect(response.status == 401)
        #expect(transport.requests.count == 1)
    }

    @Test("408 and 429 are retried like server errors", arguments: [408, 429, 500, 502, 504])
    func retriesTimeoutsAndRateLimits(status: Int) async throws {
        let transport = ScriptedTransport.statuses(status, 201)
        let clock = ManualClock()
        let task = Task { try await client(transport, clock: clock).send(request, log: { _ in }) }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(2))
        #expect(try await task.value.status == 201)
    }

    @Test("Retry-After in seconds replaces the back-off")
    func honoursRetryAfterSeconds() async throws {
        let transport = ScriptedTransport([
            .response(HTTPTransportResponse(status: 429, headers: ["Retry-After": "17"])), .response(HTTPTransportResponse(status: 200)),
        ])
        let clock = ManualClock()
        let log = LineLog()
        let task = Task { try await client(transport, clock: clock).send(request, log: log.sink) }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(16))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        #expect(try await task.value.status == 200)
        #expect(log.text.contains("retrying in 17s"))
    }

    @Test("Retry-After as an HTTP date waits until that instant")
    func honoursRetryAfterDate() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_445_412_450))  // 07:27:30 GMT
        let transport = ScriptedTransport([
            .response(HTTPTransportResponse(status: 503, headers: ["retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"])),
            .response(HTTPTransportResponse(status: 200)),
        ])
        let log = LineLog()
        let task = Task { try await client(transport, clock: clock).send(request, log: log.sink) }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(30))
        #expect(try await task.value.status == 200)
        #expect(log.text.contains("retrying in 30s"))
    }

    @Test("connection failures are retried, and the last one is thrown when attempts run out")
    func retriesConnectionFailures() async throws {
        let transport = ScriptedTransport([.failure(.connection("reset")), .failure(.connection("reset again"))])
        let clock = ManualClock()
        let task = Task { try await client(transport, clock: clock, attempts: 2).send(request, log: { _ in }) }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(2))
        await #expect(throws: HTTPTransportError.connection("reset again")) { try await task.value }
        #expect(transport.requests.count == 2)
    }

    @Test("jitter stretches the wait by up to 20 percent, from the injected source")
    func jitterComesFromTheInjectedSource() {
        let policy = UploadRetryPolicy(attempts: 5, backoff: .seconds(2))
        #expect(policy.wait(afterAttempt: 1, unit: 0) == .seconds(2))
        #expect(policy.wait(afterAttempt: 3, unit: 0) == .seconds(8))
        #expect(policy.wait(afterAttempt: 2, unit: 0.5) == .milliseconds(4400))
        #expect(policy.wait(afterAttempt: 20, unit: 0) == .seconds(300))
    }

    @Test("only 408, 429 and 5xx count as retryable statuses")
    func retryableStatuses() {
        #expect([408, 429, 500, 503, 599].allSatisfy(UploadRetryPolicy.isRetryable(status:)))
        #expect(![200, 400, 401, 403, 404, 409, 413].contains(where: UploadRetryPolicy.isRetryable(status:)))
    }
}
