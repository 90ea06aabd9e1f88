import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftSystem

/// Calls App Store Connect's API with a fresh token each time one nears expiry, retrying what the
/// retry policy retries, and turns Apple's error documents into messages that quote them.
struct AppStoreConnectSession: Sendable {
    var api: URL
    var tokens: AppStoreConnectTokens
    var http: RetryingHTTPClient
    /// The run's: knows the key and every token made so far.
    var secrets: RunSecrets
    var log: @Sendable (String) async -> Void

    func get<T: Decodable>(_ type: T.Type, _ path: String, query: [(String, String)] = []) async throws -> T {
        try await decode(type, try await call("GET", path, query: query), what: "GET \(path)")
    }

    func send<T: Decodable>(_ type: T.Type, _ method: String, _ path: String, json: [String: Any]) async throws -> T {
        try await decode(
            type, try await call(method, path, body: try JSONSerialization.data(withJSONObject: json)), what: "\(method) \(path)")
    }

    /// A call whose answer has no body worth reading (204 No Content).
    func sendIgnoringAnswer(_ method: String, _ path: String, json: Any) async throws {
        _ = try await call(method, path, body: try JSONSerialization.data(withJSONObject: json))
    }

    /// The request, as a dry run prints it and a real run sends it.
    static func url(_ api: URL, _ path: String, query: [(String, String)] = []) -> URL? {
        guard var components = URLComponents(url: api, resolvingAgainstBaseURL: false) else { return nil }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + "/" + path
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        return components.url
    }

    private func call(_ method: String, _ path: String, query: [(String, String)] = [], body: Data? = nil) async throws
        -> HTTPTransportResponse
    {
        guard let url = Self.url(api, path, query: query) else {
            throw UploadError(.testflight, "bad endpoint \(api.printable)", reason: .invalidSetting)
        }
        return try await call(method, url: url, body: body)
    }

    /// A call to a URL Apple gave (a page's `links.next`); the caller checks it is the API's.
    func call(_ method: String, url: URL, body: Data? = nil) async throws -> HTTPTransportResponse {
        var response = try await attempt(method, url, body: body)
        if response.status == 401 {
            // Apple answers 401 to an expired token as to a wrong key: one retry with a new token
            // tells them apart.
            await tokens.discard()
            response = try await attempt(method, url, body: body)
        }
        guard response.isSuccess else {
            let request = HTTPTransportRequest(method: method, url: url)
            throw UploadError(.testflight, failure(response, request), reason: Self.reason(response.status))
        }
        return response
    }

    private func attempt(_ method: String, _ url: URL, body: Data?) async throws -> HTTPTransportResponse {
        var headers = ["Authorization": "Bearer \(try await tokens.token())", "Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        let request = HTTPTransportRequest(method: method, url: url, headers: headers, body: body.map(HTTPTransportBody.data) ?? .none)
        do {
            return try await http.send(request, log: log)
        } catch let error as HTTPTransportError {
            throw UploadError(
                // The transport's error may quote the request: `Uploader`'s errors leave masked.
                .testflight, secrets.mask("\(method) \(request.printableURL): \(error)"), reason: .uploadUnavailable)
        }
    }

    /// `HTTP 409 Conflict from POST …/v1/buildUploads: ENTITY_ERROR…: <Apple's detail>`, masked.
    private func failure(_ response: HTTPTransportResponse, _ request: HTTPTransportRequest) -> String {
        response.failureMessage(for: request, destination: .testflight, secrets: secrets)
    }

    private static func reason(_ status: Int) -> FailureReason {
        UploadRetryPolicy.isRetryable(status: status) ? .uploadUnavailable : .uploadRejected
    }

    private func decode<T: Decodable>(_ type: T.Type, _ response: HTTPTransportResponse, what: String) async throws -> T {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            // The answer's body may echo a token: `Uploader`'s errors leave masked.
            throw UploadError(.testflight, secrets.mask("unexpected answer to \(what): \(response.bodyText.prefix(300))"))
        }
    }
}
