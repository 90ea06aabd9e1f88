import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftSystem
import NightshiftServices

/// Sends App Store Connect's upload operations: each part's bytes streamed from the file, at most
/// `concurrency` at once, each retried on its own by the retry policy. The URLs are pre-signed, so
/// the requests carry Apple's headers and no Authorization.
struct UploadPartSender: Sendable {
    typealias Operation = AppStoreConnectResources.UploadOperation

    var http: RetryingHTTPClient
    var file: String
    var concurrency: Int
    /// The run's, which knows the key and each token.
    var secrets: RunSecrets
    var log: @Sendable (String) async -> Void

    /// Sends every operation whose part number is not in `done`, calling `finished` after each
    /// part the store accepted. Throws the first part that failed for good, after cancelling the
    /// others.
    func send(
        _ operations: [Operation], fileSize: Int64, done: Set<Int> = [], progress: @escaping @Sendable (UploadProgress) -> Void,
        finished: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        for operation in operations where operation.offset < 0 || operation.length < 0 || operation.offset + operation.length > fileSize {
            throw UploadError(
                .testflight,
                "App Store Connect asked for bytes \(operation.offset)..<\(operation.offset + operation.length) of a \(fileSize)-byte file",
                reason: .uploadRejected)
        }
        let pending = operations.enumerated().filter { !done.contains(Self.number(of: $0.element, at: $0.offset)) }
        let alreadySent = operations.enumerated().filter { done.contains(Self.number(of: $0.element, at: $0.offset)) }
            .reduce(Int64(0)) { $0 + $1.element.length }
        let counter = PartProgress(total: fileSize, alreadySent: alreadySent, report: progress)
        try await withThrowingTaskGroup(of: Void.self) { group in
            var queue = pending.makeIterator()
            func startNext() {
                guard let (index, operation) = queue.next() else { return }
                group.addTask {
                    try await sendPart(operation, number: Self.number(of: operation, at: index), counter: counter)
                    await finished(Self.number(of: operation, at: index))
                }
            }
            for _ in 0..<max(1, concurrency) { startNext() }
            while try await group.next() != nil { startNext() }
        }
    }

    /// Apple numbers parts from 1; an operation without a number is named by its place.
    static func number(of operation: Operation, at index: Int) -> Int { operation.partNumber ?? index + 1 }

    private func sendPart(_ operation: Operation, number: Int, counter: PartProgress) async throws {
        guard let url = URL(string: operation.url) else {
            throw UploadError(.testflight, "App Store Connect gave part \(number) an unusable URL", reason: .uploadRejected)
        }
        var headers: [String: String] = [:]
        for header in operation.requestHeaders ?? [] { headers[header.name] = header.value }
        let request = HTTPTransportRequest(
            method: operation.method, url: url, headers: headers,
            body: .fileRange(file, offset: operation.offset, length: operation.length))
        let response: HTTPTransportResponse
        do {
            response = try await http.send(request, log: log) { sent, _ in counter.update(part: number, sent: sent) }
        } catch let error as HTTPTransportError {
            throw UploadError(
                // A pre-signed URL carries a signature: `Uploader`'s errors leave masked.
                .testflight, secrets.mask("part \(number) (\(request.method) \(request.printableURL)): \(error)"),
                reason: .uploadUnavailable)
        }
        guard response.isSuccess else {
            let retryable = UploadRetryPolicy.isRetryable(status: response.status)
            throw UploadError(
                .testflight,
                "part \(number): " + response.failureMessage(for: request, destination: .testflight, secrets: secrets),
                reason: retryable ? .uploadUnavailable : .uploadRejected)
        }
        counter.update(part: number, sent: operation.length)
    }
}

/// The bytes sent across all parts, for one progress figure. A retried part starts again from
/// zero, so each part's count is replaced, not added to.
/// The transport reports progress from its own threads.
private final class PartProgress: Sendable {
    private let sent = LockedValue([Int: Int64]())
    private let total: Int64
    private let alreadySent: Int64
    private let report: @Sendable (UploadProgress) -> Void

    init(total: Int64, alreadySent: Int64, report: @escaping @Sendable (UploadProgress) -> Void) {
        self.total = total
        self.alreadySent = alreadySent
        self.report = report
    }

    func update(part: Int, sent bytes: Int64) {
        // Reported under the lock, so that figures arrive in the order they were summed.
        sent.withLock { sent in
            sent[part] = bytes
            report(UploadProgress(bytesSent: sent.values.reduce(alreadySent, +), totalBytes: total))
        }
    }
}
