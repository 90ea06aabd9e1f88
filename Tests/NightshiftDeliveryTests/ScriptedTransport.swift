import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftServices

/// An `HTTPTransport` answering from a list of outcomes, recording each request.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    enum Outcome {
        case response(HTTPTransportResponse)
        case failure(HTTPTransportError)
    }

    private let lock = NSLock()
    private var outcomes: [Outcome]
    private var sent: [HTTPTransportRequest] = []

    init(_ outcomes: [Outcome]) {
        self.outcomes = outcomes
    }

    static func statuses(_ codes: Int...) -> ScriptedTransport {
        ScriptedTransport(codes.map { .response(HTTPTransportResponse(status: $0)) })
    }

    var requests: [HTTPTransportRequest] { lock.withLock { sent } }

    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        let outcome = lock.withLock { () -> Outcome? in
            sent.append(request)
            return outcomes.isEmpty ? nil : outcomes.removeFirst()
        }
        switch outcome {
        case .response(let response)?: return response
        case .failure(let error)?: throw error
        case nil: throw HTTPTransportError.connection("script exhausted")
        }
    }
}

struct FixedJitter: JitterSource {
    var unit: Double
    func nextUnit() -> Double { unit }
}

/// Collects log lines from uploaders.
final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    var lines: [String] { lock.withLock { collected } }
    var text: String { lines.joined(separator: "\n") }
    var sink: @Sendable (String) async -> Void { { [self] line in lock.withLock { collected.append(line) } } }
}
