import Foundation
import NightshiftServices
import NightshiftSystem
import Testing

/// The HTTP transport of a command run in process: answers only what the test scripted, and a
/// request it did not script fails the test (and is refused), so a command that should send
/// nothing is proved to send nothing.
final class ScriptedTransport: HTTPTransport {
    private let answer: (@Sendable (HTTPTransportRequest) throws -> HTTPTransportResponse)?
    private let sent = LockedValue<[HTTPTransportRequest]>([])

    /// `answer`: nil refuses every request.
    init(_ answer: (@Sendable (HTTPTransportRequest) throws -> HTTPTransportResponse)? = nil) {
        self.answer = answer
    }

    var requests: [HTTPTransportRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        sent.withLock { $0.append(request) }
        guard let answer else {
            Issue.record("unscripted \(request.method) \(request.printableURL): this command must send no request")
            throw HTTPTransportError.notConnected("unscripted request")
        }
        return try answer(request)
    }

    static func json(_ status: Int, _ text: String) -> HTTPTransportResponse {
        HTTPTransportResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}
