import Foundation
public import NightshiftCore
import NightshiftEngine
public import NightshiftSystem

/// Sends a request through a transport, retrying connection failures, 5xx, 408 and 429 with
/// exponential back-off and jitter on the injected clock, honouring `Retry-After`.
public struct RetryingHTTPClient: Sendable {
    public var transport: any HTTPTransport
    public var clock: any WallClock
    public var jitter: any JitterSource
    public var policy: UploadRetryPolicy

    public init(transport: any HTTPTransport, clock: any WallClock, jitter: any JitterSource, policy: UploadRetryPolicy) {
        self.transport = transport
        self.clock = clock
        self.jitter = jitter
        self.policy = policy
    }

    /// Returns the first response that is not worth retrying, or the last one once the attempts
    /// are spent; throws the last connection failure when no attempt got a response.
    public func send(
        _ request: HTTPTransportRequest, log: @Sendable (String) async -> Void,
        progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }
    ) async throws -> HTTPTransportResponse {
        var attempt = 1
        while true {
            let outcome: Result<HTTPTransportResponse, HTTPTransportError>
            do {
                outcome = .success(try await transport.send(request, progress: progress))
            } catch let error as HTTPTransportError {
                guard case .connection = error else { throw error }
                outcome = .failure(error)
            }
            guard attempt < policy.attempts, let (wait, reason) = retryDecision(outcome, attempt: attempt) else {
                return try outcome.get()
            }
            await log("\(request.method) \(request.printableURL): \(reason); retrying in \(DurationFormatting.wait(wait)) (attempt \(attempt + 1) of \(policy.attempts))")
            try await clock.sleep(for: wait)
            attempt += 1
        }
    }

    private func retryDecision(_ outcome: Result<HTTPTransportResponse, HTTPTransportError>, attempt: Int) -> (Duration, String)? {
        let backoff = policy.wait(afterAttempt: attempt, unit: jitter.nextUnit())
        switch outcome {
        case .failure(let error):
            return (backoff, "\(error)")
        case .success(let response):
            guard UploadRetryPolicy.isRetryable(status: response.status) else { return nil }
            let asked = RetryAfter.wait(from: response.headers["retry-after"], now: clock.now)
            return (asked.map { min($0, policy.maximumWait) } ?? backoff, "HTTP \(response.status)")
        }
    }
}

