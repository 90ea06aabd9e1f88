import NightshiftCore
import NightshiftSystem

/// A transport whose every attempt ends within `limit` on the injected clock: a webhook that
/// accepts the connection and never answers counts as a connection failure (retried like one),
/// rather than holding the run's end until the transport's own idle timeout.
struct TimeLimitedTransport: HTTPTransport {
    let base: any HTTPTransport
    let clock: any WallClock
    let limit: Duration

    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        try await withThrowingTaskGroup(of: HTTPTransportResponse?.self) { group in
            group.addTask { try await base.send(request, progress: progress) }
            group.addTask {
                try await clock.sleep(for: limit)
                return nil
            }
            // The loser is cancelled, and the group waits for it: the transport stops its request.
            defer { group.cancelAll() }
            if let response = try await group.next() ?? nil { return response }
            throw HTTPTransportError.connection("no answer within \(DurationFormatting.short(limit))")
        }
    }
}
