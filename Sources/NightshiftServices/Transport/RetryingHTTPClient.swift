import Foundation
public import NightshiftCore
public import NightshiftSchema
public import NightshiftSystem

/// Sends a request through a transport, retrying connection failures, 5xx, 408 and 429 with
/// exponential back-off and jitter on the injected clock, honouring `Retry-After`.
public struct RetryingHTTPClient: Sendable {
    public var transport: any HTTPTransport
    public var clock: any WallClock
    public var jitter: any JitterSource
    public var policy: UploadRetryPolicy
    /// false for a request that creates something (a notary submission): a connection that
    /// dropped after the request may have left may have created it, and another try could create
    /// a second, so that failure ends the tries; a connection never made, or an error status the
    /// server answered, is tried again. Then the error thrown says which it was.
    public var retriesDroppedRequests = true
    /// Each attempt's overall limit (`RequestDeadline`), whatever the transport's idle timeout.
    public var deadline = RequestDeadline()

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
        let run = try await RetryLoop(schedule: policy, jitter: jitter).run(
            attempt: { _ -> Result<HTTPTransportResponse, HTTPTransportError> in
                do {
                    return .success(try await deadline.run(request, progress: progress) { try await transport.send(request, progress: $0) })
                } catch let error as HTTPTransportError {
                    guard error.isConnectionFailure else { throw error }
                    return .failure(error)
                }
            },
            retry: { outcome, _ in
                retryDecision(outcome).map { reason, wait in
                    RetryLoop.Decision(reason: "\(request.method) \(request.printableURL): \(reason)", wait: wait)
                }
            },
            announce: { await log($0.description) },
            sleep: RetryLoop.sleeping(on: clock))
        return try run.outcome.get()
    }

    /// Why `outcome` is worth another try, and the wait a server asked for (`Retry-After`, at
    /// most `policy.maximumWait`); nil when it is not.
    private func retryDecision(_ outcome: Result<HTTPTransportResponse, HTTPTransportError>) -> (String, Duration?)? {
        switch outcome {
        case .failure(.connection) where !retriesDroppedRequests:
            return nil
        case .failure(let error):
            return ("\(error)", nil)
        case .success(let response):
            guard UploadRetryPolicy.isRetryable(status: response.status) else { return nil }
            let asked = RetryAfter.wait(from: response.headers["retry-after"], now: clock.now)
            return ("HTTP \(response.status)", asked.map { min($0, policy.maximumWait) })
        }
    }
}
