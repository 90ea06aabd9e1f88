import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftSystem
import NightshiftServices

/// The App Distribution calls of one upload, authorised with one access token.
struct FirebaseSession {
    var api: URL
    var token: String
    var http: RetryingHTTPClient
    var clock: any WallClock
    /// The run's, which knows the token.
    var secrets: RunSecrets
    var log: @Sendable (String) async -> Void

    /// `POST /upload/v1/{app}/releases:upload` with the raw binary.
    func uploadBinary(_ file: AbsolutePath, app: FirebaseAppID, progress: @escaping @Sendable (UploadProgress) -> Void) async throws
        -> FirebaseOperation
    {
        let name = file.lastComponent
        let headers = [
            "Content-Type": "application/octet-stream",
            "X-Goog-Upload-Protocol": "raw",
            "X-Goog-Upload-File-Name": name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name,
        ]
        let response = try await call("POST", "upload/v1/\(app.resourceName)/releases:upload", headers: headers, body: .file(file.string)) {
            sent, total in
            progress(UploadProgress(bytesSent: sent, totalBytes: total))
        }
        return try decode(FirebaseOperation.self, response, what: "the upload")
    }

    /// `GET /v1/{operation}` until it is done with a release (or an error).
    func waitForRelease(_ first: FirebaseOperation, interval: Duration, maximumPolls: Int) async throws -> (FirebaseRelease, String?) {
        var operation = first
        for _ in 0..<maximumPolls {
            if operation.done == true {
                if let error = operation.error {
                    throw UploadError(
                        // Firebase's message may quote what it was sent.
                        .firebase, secrets.mask("Firebase could not process the binary: \(error.message ?? "error \(error.code ?? 0)")"),
                        reason: .uploadRejected)
                }
                if let release = operation.response?.release { return (release, operation.response?.result) }
            }
            try await clock.sleep(for: interval)
            operation = try decode(FirebaseOperation.self, try await call("GET", "v1/\(operation.name)"), what: "the upload status")
        }
        throw UploadError(
            .firebase, "Firebase was still processing the binary after \(maximumPolls) checks; it took longer than expected, try again",
            reason: .uploadUnavailable)
    }

    /// `PATCH /v1/{release}?updateMask=release_notes.text`
    func setReleaseNotes(_ notes: String, on release: FirebaseRelease) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["name": release.name, "releaseNotes": ["text": notes]])
        _ = try await call(
            "PATCH", "v1/\(release.name)", query: "updateMask=release_notes.text", headers: ["Content-Type": "application/json"],
            body: .data(body))
        await log("release notes set (\(notes.count) characters)")
    }

    /// `POST /v1/{release}:distribute`
    /// An unknown group alias fails with Google's words (`INVALID_ARGUMENT` or `NOT_FOUND`), and
    /// with what people most often get wrong: groups are named by alias, case-sensitively.
    func distribute(_ release: FirebaseRelease, groups: [String], testers: [String]) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["testerEmails": testers, "groupAliases": groups])
        do {
            _ = try await call("POST", "v1/\(release.name):distribute", headers: ["Content-Type": "application/json"], body: .data(body))
        } catch let error as UploadError where error.reason == .uploadRejected {
            throw UploadError(
                .firebase,
                "Firebase did not distribute release \(release.summary) to \(Self.audience(groups: groups, testers: testers)): "
                    + "\(error.message) (groups are named by their alias, which is case-sensitive; the release itself was uploaded)",
                reason: .uploadRejected)
        }
        await log("distributed to \(Self.audience(groups: groups, testers: testers))")
    }

    private func call(
        _ method: String, _ path: String, query: String? = nil, headers: [String: String] = [:], body: HTTPTransportBody = .none,
        progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }
    ) async throws -> HTTPTransportResponse {
        let request = try request(method, path, query: query, headers: headers, body: body)
        return try await http.sendExpectingSuccess(request, destination: .firebase, secrets: secrets, log: log, progress: progress)
    }

    /// The request for `path` under the API root, with the bearer token.
    private func request(
        _ method: String, _ path: String, query: String? = nil, headers: [String: String] = [:], body: HTTPTransportBody = .none
    ) throws -> HTTPTransportRequest {
        guard var components = URLComponents(url: api, resolvingAgainstBaseURL: false) else {
            throw UploadError(.firebase, "bad endpoint \(api.printable)", reason: .invalidSetting)
        }
        components.percentEncodedPath = components.percentEncodedPath + "/" + path
        components.percentEncodedQuery = query
        guard let url = components.url else { throw UploadError(.firebase, "bad resource name '\(path)'", reason: .invalidSetting) }
        var allHeaders = headers
        allHeaders["Authorization"] = "Bearer \(token)"
        return HTTPTransportRequest(method: method, url: url, headers: allHeaders, body: body)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ response: HTTPTransportResponse, what: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            // The answer's body may echo the token: `Uploader`'s errors leave masked.
            throw UploadError(.firebase, secrets.mask("unexpected answer to \(what): \(response.bodyText.prefix(300))"))
        }
    }

    static func audience(groups: [String], testers: [String]) -> String {
        var parts: [String] = []
        if !groups.isEmpty { parts.append("groups \(groups.joined(separator: ", "))") }
        if !testers.isEmpty { parts.append("\(testers.count) tester\(testers.count == 1 ? "" : "s")") }
        return parts.joined(separator: " and ")
    }
}
