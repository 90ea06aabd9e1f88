public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport: Foundation's URLSession. File bodies go through `uploadTask(fromFile:)`,
/// which reads the file in chunks as the socket drains (measured flat on Linux: see
/// scripts/bench-upload), so a 500 MB .ipa never sits in memory.
public struct URLSessionTransport: HTTPTransport {
    /// Longest silence (no byte sent or received) before the attempt counts as a connection failure.
    public var idleTimeout: TimeInterval

    public init(idleTimeout: TimeInterval = 120) {
        self.idleTimeout = idleTimeout
    }

    public func send(
        _ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> HTTPTransportResponse {
        let urlRequest = makeURLRequest(request)
        let delegate = SessionTaskDelegate(progress: progress)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = 7 * 24 * 3600
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = try makeTask(session, urlRequest, body: request.body)
        return try await withTaskCancellationHandler {
            try await delegate.run(task)
        } onCancel: {
            task.cancel()
        }
    }

    private func makeURLRequest(_ request: HTTPTransportRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }

    private func makeTask(_ session: URLSession, _ request: URLRequest, body: HTTPTransportBody) throws -> URLSessionTask {
        switch body {
        case .none:
            return session.dataTask(with: request)
        case .data(let data):
            return session.uploadTask(with: request, from: data)
        case .file(let path):
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw HTTPTransportError.invalidRequest("cannot read '\(path)'")
            }
            return session.uploadTask(with: request, fromFile: URL(fileURLWithPath: path))
        }
    }
}

/// Collects one task's response and reports its upload progress. Response bodies are capped:
/// they are JSON or error pages, and a misbehaving server must not grow memory without bound.
private final class SessionTaskDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    static let maximumBodySize = 4 << 20
    private let lock = NSLock()
    private let progress: @Sendable (Int64, Int64) -> Void
    private var body = Data()
    private var continuation: CheckedContinuation<HTTPTransportResponse, any Error>?

    init(progress: @escaping @Sendable (Int64, Int64) -> Void) {
        self.progress = progress
    }

    func run(_ task: URLSessionTask) async throws -> HTTPTransportResponse {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock { self.continuation = continuation }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        progress(totalBytesSent, totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock {
            if body.count < Self.maximumBodySize { body.append(data.prefix(Self.maximumBodySize - body.count)) }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, collected) = lock.withLock { () -> (CheckedContinuation<HTTPTransportResponse, any Error>?, Data) in
            defer { self.continuation = nil }
            return (self.continuation, body)
        }
        guard let continuation else { return }
        if let error {
            continuation.resume(throwing: Self.transportError(error))
        } else if let response = task.response as? HTTPURLResponse {
            let headers = response.allHeaderFields.reduce(into: [String: String]()) { result, field in
                result["\(field.key)"] = "\(field.value)"
            }
            continuation.resume(returning: HTTPTransportResponse(status: response.statusCode, headers: headers, body: collected))
        } else {
            continuation.resume(throwing: HTTPTransportError.connection("no HTTP response"))
        }
    }

    private static func transportError(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError else { return HTTPTransportError.connection("\(error)") }
        switch urlError.code {
        case .cancelled: return CancellationError()
        case .badURL, .unsupportedURL, .fileDoesNotExist, .noPermissionsToReadFile:
            return HTTPTransportError.invalidRequest(urlError.localizedDescription)
        default:
            return HTTPTransportError.connection("\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
        }
    }
}
