public import Foundation
import NightshiftCore
import NightshiftSchema

/// Sends one HTTP request. The live transport streams file bodies from disk; tests use a real
/// server on 127.0.0.1 or a scripted transport.
public protocol HTTPTransport: Sendable {
    /// - Parameter progress: bytes of the body sent so far, and the body's total size.
    /// - Throws: `HTTPTransportError.connection` when no complete response arrived (refused,
    ///   dropped, timed out): the caller may retry. A 4xx or 5xx is a response, not an error.
    func send(
        _ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> HTTPTransportResponse
}

public struct HTTPTransportRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: HTTPTransportBody

    public init(method: String, url: URL, headers: [String: String] = [:], body: HTTPTransportBody = .none) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The URL as it may be printed: no query string (presigned URLs carry signatures there)
    /// and no user info.
    public var printableURL: String { url.printable }
}

public enum HTTPTransportBody: Sendable, Hashable {
    case none
    case data(Data)
    /// Streamed from disk, never loaded whole.
    case file(String)
    /// The bytes `[offset, offset + length)` of a file, streamed from disk: one part of a
    /// multipart upload (App Store Connect's upload operations).
    case fileRange(String, offset: Int64, length: Int64)
}

public struct HTTPTransportResponse: Sendable, Hashable {
    public var status: Int
    /// Header names lowercased.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

public enum HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No complete response after the request may have gone out: reset, dropped mid-transfer,
    /// timed out. The server may have acted on it.
    case connection(String)
    /// No connection was made (refused, no such host, no network): nothing of the request left,
    /// so the server did nothing. Retried like `connection`; a request that creates something
    /// can tell the two apart (`RetryingHTTPClient.retriesDroppedRequests`).
    case notConnected(String)
    /// The request could not be made at all (a body file that cannot be read, a bad URL).
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .connection(let reason): "connection failed: \(reason)"
        case .notConnected(let reason): "could not connect: \(reason)"
        case .invalidRequest(let reason): "invalid request: \(reason)"
        }
    }

    /// No answer came, whether or not the request left: worth another try.
    public var isConnectionFailure: Bool {
        switch self {
        case .connection, .notConnected: true
        case .invalidRequest: false
        }
    }
}
