import Foundation
import NightshiftCore
public import NightshiftSystem

/// How long one attempt of a request may take in all, from the first byte sent to the last
/// received (issue #38 §13): the transport's idle timeout alone let a server that trickles its
/// answer (200, then a byte a second) hold `signing plan` for as long as it liked. Measured on
/// `clock`: the lane's where the caller has one, the real one otherwise.
public struct RequestDeadline: Sendable {
    public var clock: any WallClock
    /// The allowance of any request: a JSON answer, or an error page.
    public var base: Duration
    /// The slowest upload accepted: a body adds its size at this rate to `base` (a 2 GB .ipa at
    /// 64 KiB/s is about 9 hours), so the deadline stops a stalled upload, never a slow link.
    public var slowestUpload: Int64

    public init(clock: any WallClock = SystemClock(), base: Duration = .seconds(300), slowestUpload: Int64 = 64 << 10) {
        self.clock = clock
        self.base = base
        self.slowestUpload = slowestUpload
    }

    /// One limit whatever the body (a notification's attempt).
    public static func fixed(_ limit: Duration, clock: any WallClock) -> RequestDeadline {
        RequestDeadline(clock: clock, base: limit, slowestUpload: .max)
    }

    func limit(for request: HTTPTransportRequest) -> Duration {
        let size: Int64 =
            switch request.body {
            case .none: 0
            case .data(let data): Int64(data.count)
            case .file(let path): Self.size(of: path) ?? 0
            case .fileRange(_, _, let length): length
            }
        return base + .seconds(size / max(slowestUpload, 1))
    }

    /// `send` within the limit for `request`; past it, a connection failure (retried as one)
    /// saying what was waited for. The request still in flight is cancelled: the transport stops it.
    func run(
        _ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void,
        _ send: @escaping @Sendable (@escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse
    ) async throws -> HTTPTransportResponse {
        let limit = limit(for: request)
        let sent = LockedValue<(Int64, Int64)?>(nil)
        return try await withThrowingTaskGroup(of: HTTPTransportResponse?.self) { group in
            group.addTask {
                try await send { done, total in
                    sent.withLock { $0 = (done, total) }
                    progress(done, total)
                }
            }
            group.addTask {
                try await clock.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            if let response = try await group.next() ?? nil { return response }
            throw HTTPTransportError.connection(
                "no complete answer within \(DurationFormatting.short(limit)) (\(Self.waited(for: request, sent: sent.withLock { $0 })))")
        }
    }

    /// What the attempt was still waiting for when its time was up. Never the URL: a webhook's
    /// is its credential, and each caller names the request in its own words.
    static func waited(for request: HTTPTransportRequest, sent: (done: Int64, total: Int64)?) -> String {
        guard let sent, sent.done < sent.total else {
            if case .none = request.body { return "waiting for the answer" }
            return sent == nil ? "waiting for the answer" : "the body sent whole, waiting for the answer"
        }
        return "sending the body: \(sent.done) of \(sent.total) bytes sent"
    }

    private static func size(of path: String) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value
    }
}
