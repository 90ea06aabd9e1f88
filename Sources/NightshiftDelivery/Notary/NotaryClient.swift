import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftSystem
import NightshiftServices

/// Apple's Notary REST API (`<origin>/notary/v2/…`): one call per method, each with a token from
/// `tokens` (re-minted as it nears expiry, and once more after a 401: Apple answers an expired
/// token as a wrong one), retried by `http` on connection failures, 5xx, 408 and 429.
struct NotaryClient: Sendable {
    static let defaultOrigin = URL(string: "https://appstoreconnect.apple.com")!

    var origin: URL
    var tokens: AppStoreConnectTokens
    var http: RetryingHTTPClient
    var secrets: RunSecrets
    var log: @Sendable (String) async -> Void

    /// `POST /notary/v2/submissions` with the file's name and SHA-256. Not sent again after a
    /// connection that dropped once it left (Apple may have made the submission: a second POST
    /// would make another); an error thrown with `notActedOn` means Apple made none.
    func submit(name: String, sha256: String) async throws -> NotaryResources.NewSubmission {
        let body = try JSONSerialization.data(withJSONObject: ["submissionName": name, "sha256": sha256], options: [.sortedKeys])
        var once = http
        once.retriesDroppedRequests = false
        let response = try await call("POST", "submissions", body: body, http: once)
        let submission = try decode(NotaryResources.NewSubmission.self, response, what: "POST /notary/v2/submissions")
        // Learned before anything can print them.
        secrets.learn([submission.data.attributes.awsSecretAccessKey] + (submission.data.attributes.awsSessionToken.map { [$0] } ?? []))
        return submission
    }

    /// `GET /notary/v2/submissions/{id}`: its status; nil when Apple knows no such submission.
    func status(of id: String) async throws -> NotaryStatus? {
        let response = try await call("GET", "submissions/\(Self.escaped(id))", allowNotFound: true)
        if response.status == 404 { return nil }
        let submission = try decode(NotaryResources.Submission.self, response, what: "GET /notary/v2/submissions/\(id)")
        return NotaryStatus(submission.data.attributes?.status ?? "In Progress")
    }

    /// `GET /notary/v2/submissions`: the team's most recent submissions (Apple lists the last 100),
    /// newest first as Apple answers.
    func recentSubmissions() async throws -> [NotaryResources.Submission.Data] {
        let response = try await call("GET", "submissions")
        return try decode(NotaryResources.SubmissionList.self, response, what: "GET /notary/v2/submissions").data
    }

    /// The developer log: `GET …/{id}/logs` for a short-lived URL, then that URL (no token: it
    /// is pre-signed). nil while Apple has none yet (404: the submission is not finished).
    func developerLog(of id: String) async throws -> NotaryLog? {
        let response = try await call("GET", "submissions/\(Self.escaped(id))/logs", allowNotFound: true)
        if response.status == 404 { return nil }
        let answer = try decode(NotaryResources.LogURL.self, response, what: "GET /notary/v2/submissions/\(id)/logs")
        guard let text = answer.data.attributes?.developerLogUrl, let url = URL(string: text) else {
            throw NotaryError("Apple's answer for submission \(id)'s log names no developerLogUrl", reason: .stepFailed)
        }
        // Its query is the signature that grants the download.
        if let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery, !query.isEmpty {
            secrets.learn([query, text])
        }
        let request = HTTPTransportRequest(method: "GET", url: url)
        let download = try await send(request)
        if download.status == 404 { return nil }
        guard download.isSuccess else {
            throw NotaryError(secrets.mask("HTTP \(download.status) from GET \(request.printableURL)"), reason: .uploadUnavailable)
        }
        do {
            return try JSONDecoder().decode(NotaryLog.self, from: download.body)
        } catch {
            throw NotaryError(
                secrets.mask("submission \(id)'s log is not the JSON Apple documents: \(download.bodyText.prefix(200))"),
                reason: .stepFailed)
        }
    }

    static func url(origin: URL, _ path: String) -> URL? {
        guard var components = URLComponents(url: origin, resolvingAgainstBaseURL: false) else { return nil }
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = base + "/notary/v2/" + path
        return components.url
    }

    /// A submission id goes into a path: Apple's are UUIDs, but one read back from disk is not trusted.
    static func escaped(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-"))) ?? id
    }

    private func call(
        _ method: String, _ path: String, body: Data? = nil, allowNotFound: Bool = false, http: RetryingHTTPClient? = nil
    ) async throws -> HTTPTransportResponse {
        guard let url = Self.url(origin: origin, path) else {
            throw NotaryError("bad notary endpoint \(origin.printable)", reason: .invalidSetting)
        }
        let http = http ?? self.http
        var response = try await attempt(method, url, body: body, http: http)
        if response.status == 401 {
            await tokens.discard()
            response = try await attempt(method, url, body: body, http: http)
        }
        if response.isSuccess || (allowNotFound && response.status == 404) { return response }
        let request = HTTPTransportRequest(method: method, url: url)
        let retryable = UploadRetryPolicy.isRetryable(status: response.status)
        // A 5xx, 408 or 429 left after the client's retries is the service unreachable for now.
        throw NotaryError(
            response.failureMessage(for: request, destination: .testflight, secrets: secrets),
            reason: retryable ? .uploadUnavailable : .uploadRejected, lostConnection: retryable, notActedOn: true)
    }

    private func attempt(_ method: String, _ url: URL, body: Data?, http: RetryingHTTPClient) async throws -> HTTPTransportResponse {
        var headers = ["Authorization": "Bearer \(try await tokens.token())", "Accept": "application/json"]
        if body != nil { headers["Content-Type"] = "application/json" }
        return try await send(
            HTTPTransportRequest(method: method, url: url, headers: headers, body: body.map(HTTPTransportBody.data) ?? .none), http: http)
    }

    private func send(_ request: HTTPTransportRequest, http: RetryingHTTPClient? = nil) async throws -> HTTPTransportResponse {
        do {
            return try await (http ?? self.http).send(request, log: log)
        } catch let error as HTTPTransportError {
            let neverSent = if case .notConnected = error { true } else { false }
            throw NotaryError(
                secrets.mask("\(request.method) \(request.printableURL): \(error)"), reason: .notarizationUnfinished, lostConnection: true,
                notActedOn: neverSent)
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ response: HTTPTransportResponse, what: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw NotaryError(secrets.mask("unexpected answer to \(what): \(response.bodyText.prefix(300))"), reason: .stepFailed)
        }
    }
}
