import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftSystem

/// Calls App Store Connect's provisioning API: a fresh token when one nears expiry, one retry
/// with a new token after a 401, the retry policy for 429 and 5xx, every page of a list, and
/// Apple's error documents turned into `SigningPortalError`s with Apple's code. Everything it
/// says is masked with the run's secrets (the keys and every token made).
struct PortalSession: Sendable {
    /// A list is followed for at most this many pages: a server whose `next` never ends must not
    /// keep a run going.
    static let maximumPages = 50
    /// Apple's largest page.
    static let pageSize = 200

    var api: URL
    var tokens: AppStoreConnectTokens
    var http: RetryingHTTPClient
    var secrets: RunSecrets
    var log: @Sendable (String) async -> Void

    /// Every resource of a list, following `links.next`.
    func list<T: Decodable & Sendable>(_ type: T.Type, _ path: String, query: [(String, String)] = []) async throws -> [T] {
        var url = try self.url(path, query: query + [("limit", String(Self.pageSize))])
        var resources: [T] = []
        for _ in 0..<Self.maximumPages {
            let response = try await call("GET", url)
            let page = try decode(PortalResources.Page<T>.self, response, what: "GET \(path)")
            resources += page.data
            guard let next = page.links?.next, !next.isEmpty else { return resources }
            guard let nextURL = AppStoreConnectNextLink.follow(next, from: api) else {
                throw SigningPortalError(
                    secrets.mask(
                        "GET \(path): the next page's link leaves \(api.printable) (\(URL(string: next)?.printable ?? next)); not followed")
                )
            }
            url = nextURL
        }
        throw SigningPortalError(secrets.mask("App Store Connect's list \(path) did not end after \(Self.maximumPages) pages"))
    }

    /// One resource; nil when Apple answers 404 (a "zombie" the list still shows).
    func read<T: Decodable & Sendable>(_ type: T.Type, _ path: String) async throws -> T? {
        let response = try await call("GET", try url(path), allowing: [404])
        if response.status == 404 { return nil }
        return try decode(PortalResources.Single<T>.self, response, what: "GET \(path)").data
    }

    func create<T: Decodable & Sendable>(_ type: T.Type, _ path: String, json: [String: Any]) async throws -> T {
        let body = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        let response = try await call("POST", try url(path), body: body)
        return try decode(PortalResources.Single<T>.self, response, what: "POST \(path)").data
    }

    /// Returns false when the resource was already gone (404).
    func delete(_ path: String) async throws -> Bool {
        try await call("DELETE", try url(path), allowing: [404]).status != 404
    }

    func url(_ path: String, query: [(String, String)] = []) throws -> URL {
        guard let url = AppStoreConnectSession.url(api, path, query: query) else {
            throw SigningPortalError("bad App Store Connect endpoint \(api.printable)")
        }
        return url
    }

    private func call(_ method: String, _ url: URL, body: Data? = nil, allowing allowed: Set<Int> = []) async throws
        -> HTTPTransportResponse
    {
        var response = try await attempt(method, url, body: body)
        if response.status == 401 {
            // Apple answers 401 to an expired token as to a wrong key: a new token tells them apart.
            await tokens.discard()
            response = try await attempt(method, url, body: body)
        }
        guard response.isSuccess || allowed.contains(response.status) else { throw refusal(response, method, url) }
        return response
    }

    private func attempt(_ method: String, _ url: URL, body: Data?) async throws -> HTTPTransportResponse {
        var headers = ["Authorization": "Bearer \(try await tokens.token())", "Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        let request = HTTPTransportRequest(method: method, url: url, headers: headers, body: body.map(HTTPTransportBody.data) ?? .none)
        do {
            return try await http.send(request, log: log)
        } catch let error as HTTPTransportError {
            throw SigningPortalError(secrets.mask("\(method) \(request.printableURL): \(error)"), reason: .uploadUnavailable)
        }
    }

    /// `App Store Connect refused POST /v1/certificates (HTTP 409, ENTITY_ERROR): <detail>; <advice>`.
    private func refusal(_ response: HTTPTransportResponse, _ method: String, _ url: URL) -> SigningPortalError {
        let first = Self.firstError(response.body)
        let code = first?.code
        let detail =
            first.map { [$0.title, $0.detail].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ") }
            ?? String(response.bodyText.prefix(300))
        var message = "App Store Connect refused \(method) \(url.path) (HTTP \(response.status)\(code.map { ", \($0)" } ?? ""))"
        if !detail.isEmpty { message += ": \(detail)" }
        if let advice = SigningPortalError.advice(status: response.status, code: code, detail: detail) { message += "; \(advice)" }
        let retryable = response.status == 429 || response.status >= 500
        return SigningPortalError(
            secrets.mask(message), status: response.status, code: code, reason: retryable ? .uploadUnavailable : .uploadRejected)
    }

    struct AppleError: Decodable {
        var status: String?
        var code: String?
        var title: String?
        var detail: String?
    }

    private struct AppleErrors: Decodable {
        var errors: [AppleError]
    }

    static func firstError(_ body: Data) -> AppleError? {
        (try? JSONDecoder().decode(AppleErrors.self, from: body))?.errors.first
    }

    private func decode<T: Decodable>(_ type: T.Type, _ response: HTTPTransportResponse, what: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw SigningPortalError(secrets.mask("unexpected answer to \(what): \(response.bodyText.prefix(300))"))
        }
    }
}
