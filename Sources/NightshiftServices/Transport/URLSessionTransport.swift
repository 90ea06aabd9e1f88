public import Foundation
import NightshiftSystem
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live transport: Foundation's URLSession. File bodies are read from disk piece by piece as
/// the socket drains (flat memory: see scripts/bench-upload), so a 500 MB .ipa never sits in
/// memory.
///
/// Waiting costs CPU on Linux, and nothing here can stop it (issue #38: "waiting never spins").
/// FoundationNetworking drives libcurl's multi handle from Dispatch sources on each socket, and
/// when libcurl narrows what it waits for (`CURL_POLL_INOUT` or `_OUT` while it connects and
/// sends, then `CURL_POLL_IN` for the answer), `_MultiHandle.register` only ever adds sources:
/// the write source stays until the socket is unregistered. A connected socket is always
/// writable, so while a server trickles its body every epoll round wakes the queue for nothing:
/// `strace -f` of `scripts/bench-trickle`'s client over 3.2 s counted 1,577 `EPOLLOUT` wake-ups
/// on the socket, each followed by libcurl's `poll(…, 0)` finding nothing to read, for 4 reads
/// of the 4 bytes sent (1.5 s user and 7.0 s system CPU over a 19 s trickle). Nothing the
/// transport chooses reaches it (a data task or `bytes(for:)`, a delegate or none, the session's
/// configuration: the sources are made per socket inside `_MultiHandle`, below all of them);
/// only patching FoundationNetworking or replacing it would. `RequestDeadline` bounds how long it lasts.
/// On macOS, URLSession is Apple's own (no FoundationNetworking, no libcurl): the code that
/// keeps the write source is not there (how Apple's waits was not measured: there is no Mac
/// here).
///
/// A file body is a `FileBodyStream` with an explicit `Content-Length` on both platforms, never
/// `uploadTask(fromFile:)`: FoundationNetworking's file reader traps the process when the
/// connection drops mid-upload (see `FileBodyStream`), and Darwin's opens the file by its path
/// again after it was checked.
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
        let task = try makeTask(urlRequest, body: request.body, delegate: delegate)
        defer { task.session.finishTasksAndInvalidate() }
        return try await withTaskCancellationHandler {
            try await delegate.run(task.task)
        } onCancel: {
            task.task.cancel()
        }
    }

    private func makeSession(_ delegate: SessionTaskDelegate) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = 7 * 24 * 3600
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    private func makeURLRequest(_ request: HTTPTransportRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }

    private func makeTask(
        _ request: URLRequest, body: HTTPTransportBody, delegate: SessionTaskDelegate
    ) throws -> (session: URLSession, task: URLSessionTask) {
        switch body {
        case .none:
            let session = makeSession(delegate)
            return (session, session.dataTask(with: request))
        case .data(let data):
            let session = makeSession(delegate)
            return (session, session.uploadTask(with: request, from: data))
        case .fileRange(let path, let offset, let length):
            return try streamed(request, from: path, range: (offset, length), delegate: delegate)
        case .file(let path):
            return try streamed(request, from: path, range: nil, delegate: delegate)
        }
    }

    /// A data task whose body is `path` (or the `range` of it) read through a `FileBodyStream`
    /// that was opened, and checked, here. On both platforms: `uploadTask(fromFile:)` sends whole
    /// files only, traps on Linux (see `FileBodyStream`), and on Darwin opens the file again by
    /// its path, after the check, where a FIFO swapped in would be opened blocking.
    private func streamed(
        _ request: URLRequest, from path: String, range: (offset: Int64, length: Int64)?, delegate: SessionTaskDelegate
    ) throws(HTTPTransportError) -> (session: URLSession, task: URLSessionTask) {
        let stream = try FileBodyStream(path: path, range: range)
        delegate.bodyFile = (path, range, stream)
        let session = makeSession(delegate)
        return (session, session.dataTask(with: Self.streaming(request, from: stream)))
    }

    /// The request with `stream` as its body and its length declared. A body stream has no
    /// length FoundationNetworking knows of, so libcurl would send it chunked, next to our
    /// Content-Length (which RFC 9112 forbids, and which presigned-URL stores refuse). A
    /// `Transfer-Encoding` header with a blank value stops that: libcurl then sees a transfer
    /// encoding chosen by the caller that is not chunked, and sends no header with no content.
    static func streaming(_ request: URLRequest, from stream: FileBodyStream) -> URLRequest {
        var streamed = request
        if streamed.value(forHTTPHeaderField: "Content-Length") == nil {
            streamed.setValue(String(stream.length), forHTTPHeaderField: "Content-Length")
        }
        #if canImport(FoundationNetworking)
        streamed.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
        #endif
        // Darwin's URLSession sends a body stream with the declared Content-Length as it is.
        streamed.httpBodyStream = stream
        return streamed
    }
}

/// Collects one task's response and reports its upload progress. Response bodies are capped:
/// they are JSON or error pages, and a misbehaving server must not grow memory without bound.
// @unchecked: URLSession calls the delegate on its own queue while the caller awaits, and every
// mutable field is in `state`, under its lock; but the compiler cannot check that, because the
// state holds the body's `FileBodyStream`, an `InputStream`, which Foundation does not declare
// Sendable (the stream itself is only read by URLSession, one read at a time).
private final class SessionTaskDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    static let maximumBodySize = 4 << 20
    private let progress: @Sendable (Int64, Int64) -> Void

    private struct State {
        /// The file a streamed body comes from, and the stream reading it now: its length stands
        /// in for the unknown total of a body stream, and its read failure explains an aborted
        /// transfer.
        var streamedFile: (path: String, range: (offset: Int64, length: Int64)?, stream: FileBodyStream)?
        var body = Data()
        var continuation: CheckedContinuation<HTTPTransportResponse, any Error>?
    }

    private let state = LockedValue(State())

    init(progress: @escaping @Sendable (Int64, Int64) -> Void) {
        self.progress = progress
    }

    var bodyFile: (path: String, range: (offset: Int64, length: Int64)?, stream: FileBodyStream)? {
        get { state.withLock { $0.streamedFile } }
        set { state.withLock { $0.streamedFile = newValue } }
    }

    func run(_ task: URLSessionTask) async throws -> HTTPTransportResponse {
        try await withCheckedThrowingContinuation { continuation in
            state.withLock { $0.continuation = continuation }
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64, totalBytesExpectedToSend: Int64
    ) {
        progress(totalBytesSent, bodyFile?.stream.length ?? totalBytesExpectedToSend)
    }

    /// libcurl asks for the body again when it must resend it (a retried connection): a fresh
    /// stream from the file's start. Without this answer FoundationNetworking would carry on
    /// from wherever the old stream stood and send a short body.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        guard let (path, range, _) = bodyFile, let stream = try? FileBodyStream(path: path, range: range) else {
            return completionHandler(nil)
        }
        bodyFile = (path, range, stream)
        completionHandler(stream)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { state in
            if state.body.count < Self.maximumBodySize { state.body.append(data.prefix(Self.maximumBodySize - state.body.count)) }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, collected) = state.withLock { state in
            defer { state.continuation = nil }
            return (state.continuation, state.body)
        }
        guard let continuation else { return }
        if let failure = bodyFile?.stream.failure {
            continuation.resume(throwing: failure)
        } else if let error {
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
        // No connection was made: the request never left (a create that fails so created nothing).
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            return HTTPTransportError.notConnected("\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
        default:
            return HTTPTransportError.connection("\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))")
        }
    }
}
