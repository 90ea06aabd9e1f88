public import Foundation
public import NightshiftCore
import NightshiftSchema

/// The one client of App Store Connect's API: every call carries a token from `tokens` (renewed
/// near expiry, and once after a 401), is retried by `http` as the retry policy says, and fails
/// with an `AppStoreConnectError` masked with the run's secrets (or with `CancellationError` when
/// its task is cancelled: a lane's timeout or SIGTERM ends a call at once). A list is read whole by
/// one paginator (`list`), which follows `links.next` only within the API's origin.
public struct AppStoreConnectClient: Sendable {
    /// Apple's largest page: the fewest requests for a list.
    public static let pageSize = 200
    /// A list is followed for at most this many pages (40,000 resources): a server whose `next`
    /// never ends must not keep a run going.
    public static let maximumPages = 200

    public var api: URL
    public var tokens: AppStoreConnectTokens
    public var http: RetryingHTTPClient
    /// The run's: knows the key and every token made so far.
    public var secrets: RunSecrets
    public var log: @Sendable (String) async -> Void

    public init(
        api: URL, tokens: AppStoreConnectTokens, http: RetryingHTTPClient, secrets: RunSecrets,
        log: @escaping @Sendable (String) async -> Void
    ) {
        self.api = api
        self.tokens = tokens
        self.http = http
        self.secrets = secrets
        self.log = log
    }

    /// One resource: the `data` of `GET path`.
    public func get<Resource: Decodable>(_ type: Resource.Type, _ path: String, query: [(String, String)] = []) async throws -> Resource {
        try await document(JSONAPI.Document<Resource>.self, "GET", path, query: query).data
    }

    /// One resource, or nil when Apple answers 404 (one a list still shows, but that is gone).
    public func getIfPresent<Resource: Decodable>(_ type: Resource.Type, _ path: String) async throws
        -> Resource?
    {
        let url = try self.url(path)
        let response = try await call("GET", url, allowing: [404])
        if response.status == 404 { return nil }
        return try decode(JSONAPI.Document<Resource>.self, response, "GET", url).data
    }

    /// Every resource of a list, page after page (`pageSize` each, `limit` unless `query` sets
    /// it), for at most `maximumPages` pages.
    public func list<Resource: Decodable>(_ type: Resource.Type, _ path: String, query: [(String, String)] = []) async throws -> [Resource]
    {
        let limit = query.contains { $0.0 == "limit" } ? [] : [("limit", String(Self.pageSize))]
        var url = try self.url(path, query: query + limit)
        var resources: [Resource] = []
        for _ in 0..<Self.maximumPages {
            let page = try decode(JSONAPI.Document<[Resource]>.self, try await call("GET", url), "GET", url)
            resources += page.data
            guard let next = page.links?.next, !next.isEmpty else { return resources }
            url = try nextPage(next, of: path)
        }
        throw AppStoreConnectError(
            .endlessList, secrets.mask("App Store Connect's list \(path) did not end after \(Self.maximumPages) pages"))
    }

    /// `POST path` with `json`; the created resource.
    public func create<Resource: Decodable>(_ type: Resource.Type, _ path: String, json: [String: Any]) async throws -> Resource {
        try await document(JSONAPI.Document<Resource>.self, "POST", path, json: json).data
    }

    /// `PATCH path` with `json`; the resource as it is now.
    public func update<Resource: Decodable>(_ type: Resource.Type, _ path: String, json: [String: Any]) async throws -> Resource {
        try await document(JSONAPI.Document<Resource>.self, "PATCH", path, json: json).data
    }

    /// A change whose answer has nothing to read (a relationship's `POST`/`PATCH`, 204 No Content).
    public func send(_ method: String, _ path: String, json: [String: Any]) async throws {
        _ = try await call(method, try url(path), body: try body(json, method, path))
    }

    /// `DELETE path`; false when the resource was already gone (404).
    @discardableResult
    public func delete(_ path: String) async throws -> Bool {
        try await call("DELETE", try url(path), allowing: [404]).status != 404
    }

    /// Any document Apple answers with, whole: for what `data` alone does not hold (`included`,
    /// `meta`). `json`: the request's body, if any.
    public func document<Document: Decodable>(
        _ type: Document.Type, _ method: String, _ path: String, query: [(String, String)] = [], json: [String: Any]? = nil
    ) async throws -> Document {
        let url = try self.url(path, query: query)
        var body: Data?
        if let json { body = try self.body(json, method, path) }
        return try decode(type, try await call(method, url, body: body), method, url)
    }

    /// `path` (and `query`) under the API's base URL.
    public func url(_ path: String, query: [(String, String)] = []) throws(AppStoreConnectError) -> URL {
        guard let url = Self.url(api, path, query: query) else {
            throw AppStoreConnectError(.badEndpoint, secrets.mask("bad App Store Connect endpoint \(api.printable)"))
        }
        return url
    }

    /// The request's URL, as a dry run prints it and a real run sends it.
    public static func url(_ api: URL, _ path: String, query: [(String, String)] = []) -> URL? {
        guard var components = URLComponents(url: api, resolvingAgainstBaseURL: false) else { return nil }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + "/" + path
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        return components.url
    }

    /// The next page's URL, once it is known to stay on the API's origin.
    private func nextPage(_ next: String, of path: String) throws(AppStoreConnectError) -> URL {
        guard let url = AppStoreConnectNextLink.follow(next, from: api) else {
            let shown = URL(string: next)?.printable ?? next
            throw AppStoreConnectError(
                .foreignNextLink, secrets.mask("GET \(path): the next page's link leaves \(api.printable) (\(shown)); not followed"))
        }
        return url
    }

    private func body(_ json: [String: Any], _ method: String, _ path: String) throws(AppStoreConnectError) -> Data {
        do {
            return try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        } catch {
            throw AppStoreConnectError(.unexpectedAnswer, "\(method) \(path): the request's body is not JSON")
        }
    }
}
