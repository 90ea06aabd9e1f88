import Foundation
public import NightshiftServices
import NightshiftSystem
import Testing

/// The one scripted `HTTPTransport` of the tests: it answers what the test scripted (a list of
/// outcomes in order, or a function of the request), records every request, and anything it was
/// not scripted for fails the test, as the scripted shell does for commands. With no script it
/// refuses every request: a command that should send nothing is proved to send nothing.
public final class ScriptedTransport: HTTPTransport, Sendable {
    public enum Outcome: Sendable {
        case response(HTTPTransportResponse)
        case failure(HTTPTransportError)
    }

    private enum Script: Sendable {
        case outcomes([Outcome])
        case answer(@Sendable (HTTPTransportRequest) throws -> HTTPTransportResponse)
        case refuse
    }

    private let state: LockedValue<(script: Script, sent: [HTTPTransportRequest])>

    /// Answers the requests in order, one outcome each; a request after the last is unscripted.
    public init(_ outcomes: [Outcome]) {
        state = LockedValue((.outcomes(outcomes), []))
    }

    /// Answers every request with `answer`; nil refuses every request.
    public init(_ answer: (@Sendable (HTTPTransportRequest) throws -> HTTPTransportResponse)? = nil) {
        state = LockedValue((answer.map { .answer($0) } ?? .refuse, []))
    }

    /// Bodiless answers with these statuses, in order.
    public static func statuses(_ codes: Int...) -> ScriptedTransport {
        ScriptedTransport(codes.map { .response(HTTPTransportResponse(status: $0)) })
    }

    public static func json(_ status: Int, _ text: String) -> HTTPTransportResponse {
        HTTPTransportResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    /// Every request sent, answered or not.
    public var requests: [HTTPTransportRequest] { state.withLock { $0.sent } }

    public func send(
        _ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> HTTPTransportResponse {
        let next = state.withLock { state -> Script in
            state.sent.append(request)
            guard case .outcomes(var outcomes) = state.script else { return state.script }
            guard !outcomes.isEmpty else { return .refuse }
            let outcome = outcomes.removeFirst()
            state.script = .outcomes(outcomes)
            switch outcome {
            case .response(let response): return .answer { _ in response }
            case .failure(let error): return .answer { _ in throw error }
            }
        }
        guard case .answer(let answer) = next else {
            Issue.record("unscripted request \(request.method) \(request.printableURL)")
            // Not a connection failure: that would be retried on a test's manual clock, which may never move.
            throw HTTPTransportError.invalidRequest("unscripted request \(request.method) \(request.printableURL)")
        }
        return try answer(request)
    }
}
