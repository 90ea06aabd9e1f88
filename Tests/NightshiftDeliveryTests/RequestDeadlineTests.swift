import Foundation
@testable import NightshiftDelivery
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing
@testable import NightshiftServices
import NightshiftFakeTransport

/// Issue #38 §13: a server that answers 200 and then trickles the body a byte a second held
/// `signing plan` for as long as it liked: the transport's idle timeout never fired. Every
/// attempt now ends within its deadline on the clock, saying what it waited for.
@Suite("Every request's overall deadline")
struct RequestDeadlineTests {
    /// Reports `sent` of the body's bytes, then never finishes, as a trickling server holds it.
    final class Trickling: HTTPTransport, @unchecked Sendable {
        let sent: Int64
        init(sent: Int64) { self.sent = sent }

        func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws
            -> HTTPTransportResponse
        {
            if case .data(let data) = request.body { progress(sent, Int64(data.count)) }
            try await Task.sleep(for: .seconds(86_400))
            throw HTTPTransportError.connection("a day passed")
        }
    }

    func attempt(_ request: HTTPTransportRequest, sent: Int64 = 0) async throws -> String {
        let clock = ManualClock()
        var client = RetryingHTTPClient(
            transport: Trickling(sent: sent), clock: clock, jitter: FixedJitter(unit: 0), policy: UploadRetryPolicy(attempts: 1))
        client.deadline = RequestDeadline(clock: clock, base: .seconds(300), slowestUpload: 1000)
        let start = clock.now
        let task = Task { try await client.send(request, log: { _ in }) }
        let size: Double = if case .data(let data) = request.body { Double(data.count / 1000) } else { 0 }
        await clock.waitForSleeper(wakingAt: start.addingTimeInterval(300 + size))
        clock.advance(by: .seconds(300 + size))
        do {
            _ = try await task.value
            Issue.record("answered")
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("a GET whose answer never completes: a connection failure after 5 minutes, waiting for the answer")
    func answerNeverCompletes() async throws {
        let request = HTTPTransportRequest(method: "GET", url: URL(string: "https://api.example/v1/certificates")!)
        #expect(try await attempt(request) == "connection failed: no complete answer within 5m00s (waiting for the answer)")
    }

    @Test("a body: the limit grows with its size at the slowest upload accepted, and the bytes sent are said")
    func bodyStalls() async throws {
        let request = HTTPTransportRequest(
            method: "POST", url: URL(string: "https://api.example/upload")!, body: .data(Data(count: 20_000)))
        #expect(
            try await attempt(request, sent: 4096)
                == "connection failed: no complete answer within 5m20s (sending the body: 4096 of 20000 bytes sent)")
        #expect(
            try await attempt(request, sent: 20_000)
                == "connection failed: no complete answer within 5m20s (the body sent whole, waiting for the answer)")
    }
}
