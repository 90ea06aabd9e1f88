import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftServices

extension HTTPTransportResponse {
    /// "HTTP 401 Unauthorized from PUT https://…/path: <the start of the body>", masked: servers
    /// echo tokens and headers back in error bodies. For the APIs whose error bodies nightshift
    /// knows (Google's, App Store Connect's), what the API says instead of its JSON.
    func failureMessage(for request: HTTPTransportRequest, destination: UploadDestination, secrets: RunSecrets) -> String {
        var message = "HTTP \(status)\(Self.reason(status).map { " \($0)" } ?? "") from \(request.method) \(request.printableURL)"
        let explanation = Self.excerpt((Self.knowsErrorBodies(of: destination) ? HTTPErrorBody.explanation(body) : nil) ?? bodyText)
        if !explanation.isEmpty { message += ": \(explanation)" }
        if status == 401 || status == 403 { message += " (\(Self.credentialsHint(for: destination)))" }
        return secrets.mask(message)
    }

    /// An `http` store's body may be anything, so it is quoted as it is.
    private static func knowsErrorBodies(of destination: UploadDestination) -> Bool {
        switch destination {
        case .firebase, .testflight: true
        case .http, .folder, .crashlytics, .sentry, .bugsnag: false
        }
    }

    private static func credentialsHint(for destination: UploadDestination) -> String {
        switch destination {
        case .testflight: "check the API key, its issuer id and its role"
        case .bugsnag: "check the project's API key (api_key:, BUGSNAG_API_KEY)"
        case .firebase, .http, .folder, .crashlytics, .sentry: "check the credentials and their permissions"
        }
    }

    private static func excerpt(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace }.joined(separator: " ")
        return flat.count > 500 ? String(flat.prefix(500)) + "…" : flat
    }

    private static func reason(_ status: Int) -> String? {
        [
            400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
            408: "Request Timeout", 409: "Conflict", 413: "Content Too Large", 429: "Too Many Requests",
            500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        ][status]
    }
}

extension RetryingHTTPClient {
    /// Sends and requires a 2xx; anything else becomes an `UploadError` naming `destination`,
    /// its message masked with the run's secrets (`Uploader`'s errors leave masked).
    func sendExpectingSuccess(
        _ request: HTTPTransportRequest, destination: UploadDestination, secrets: RunSecrets,
        log: @Sendable (String) async -> Void, progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }
    ) async throws -> HTTPTransportResponse {
        let response: HTTPTransportResponse
        let retried = policy.attempts > 1 ? " (after \(policy.attempts) attempts)" : ""
        do {
            response = try await send(request, log: log, progress: progress)
        } catch let error as HTTPTransportError {
            let note = error.isConnectionFailure ? retried : ""
            throw UploadError(
                destination, secrets.mask("\(request.method) \(request.printableURL)\(note): \(error)"), reason: .uploadUnavailable)
        }
        guard response.isSuccess else {
            // A retryable status comes back only once the attempts are spent.
            let retryable = UploadRetryPolicy.isRetryable(status: response.status)
            throw UploadError(
                destination, response.failureMessage(for: request, destination: destination, secrets: secrets) + (retryable ? retried : ""),
                reason: retryable ? .uploadUnavailable : .uploadRejected)
        }
        return response
    }
}
