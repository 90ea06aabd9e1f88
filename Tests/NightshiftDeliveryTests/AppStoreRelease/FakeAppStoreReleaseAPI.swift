import Foundation
@testable import NightshiftServices

/// An in-process App Store Connect for the `release:` step: answers the release's calls from
/// `FakeAppStoreReleaseState` as Apple's documentation shapes them, pages every list by
/// `pageSize` (following `links.next`), and refuses what Apple refuses (a second version in
/// progress per platform, a second open submission per platform, an item already in another
/// submission). Strict: an unscripted request answers 599 and is kept in `unexpected`. `killAt`
/// cancels the n-th write (before or after it takes effect), as a SIGKILL would.
final class FakeAppStoreReleaseAPI: HTTPTransport, @unchecked Sendable {
    static let base = URL(string: "https://api.example.test/asc")!

    private let lock = NSLock()
    /// Read and changed under `lock` only (the routing runs inside it).
    var state: FakeAppStoreReleaseState
    private var sent: [String] = []
    private var strayRequests: [String] = []
    private var writes = 0
    var pageSize = 2
    /// Cancel the n-th write (1-based); `applied`: after the server acted on it.
    var killAt: (write: Int, applied: Bool)?
    /// The body of a 409 refusing the review item (associated errors).
    var itemRefusal: String?
    /// The open submission is missing from lists (Apple's lists lag): only the 409 names it.
    var hidesOpenSubmissions = false

    init(_ state: FakeAppStoreReleaseState = .standard()) {
        self.state = state
    }

    var requests: [String] { lock.withLock { sent } }
    var writeRequests: [String] { requests.filter { !$0.hasPrefix("GET ") } }
    var unexpected: [String] { lock.withLock { strayRequests } }
    var current: FakeAppStoreReleaseState { lock.withLock { state } }
    func change(_ body: (inout FakeAppStoreReleaseState) -> Void) { lock.withLock { body(&state) } }

    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let path = String((components?.path ?? "").dropFirst("/asc/".count))
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        var body: [String: Any] = [:]
        if case .data(let data) = request.body { body = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:] }
        let line = "\(request.method) \(path)" + (components?.query.map { "?\($0.removingPercentEncoding ?? $0)" } ?? "")
        let isWrite = request.method != "GET"
        let kill: Bool? = lock.withLock {
            sent.append(line)
            guard isWrite else { return nil }
            writes += 1
            guard let killAt, killAt.write == writes else { return nil }
            return killAt.applied
        }
        if kill == false { throw CancellationError() }
        let response = lock.withLock { answer(request.method, path, query, body) }
        if kill == true { throw CancellationError() }
        if response.status == 599 { lock.withLock { strayRequests.append(line) } }
        return response
    }

    // MARK: - Routing (under the lock)

    private func answer(_ method: String, _ path: String, _ query: [String: String], _ body: [String: Any]) -> HTTPTransportResponse {
        let parts = path.split(separator: "/").map(String.init)
        switch (method, parts.count) {
        case ("GET", _): return read(parts, query)
        case ("POST", 2): return create(parts[1], body)
        case ("PATCH", 3): return update(parts[1], parts[2], body)
        case ("PATCH", 5) where parts[1] == "appStoreVersions" && parts[4] == "build":
            guard let index = state.versions.firstIndex(where: { $0.id == parts[2] }) else { return Self.notFound }
            state.versions[index].buildID = ((body["data"] as? [String: Any])?["id"] as? String)
            return HTTPTransportResponse(status: 204)
        case ("DELETE", 3) where parts[1] == "appStoreVersionPhasedReleases":
            let before = state.phased.count
            state.phased.removeAll { $0.id == parts[2] }
            return before == state.phased.count ? Self.notFound : HTTPTransportResponse(status: 204)
        default: return Self.stray
        }
    }

    private func read(_ parts: [String], _ query: [String: String]) -> HTTPTransportResponse {
        switch parts.dropFirst().joined(separator: "/") {
        case "apps":
            // Apple's filter matches longer bundle ids too.
            let prefix = query["filter[bundleId]"] ?? ""
            return page(state.apps.filter { $0.bundleID.hasPrefix(prefix) }.map(Self.json), query, parts)
        case "builds":
            let builds = state.builds.filter { build in
                query["filter[app]"] != nil && (query["filter[version]"].map { $0 == build.number } ?? true)
                    && (query["filter[preReleaseVersion.platform]"].map { $0 == build.platform } ?? true)
                    && (query["filter[preReleaseVersion.version]"].map { $0 == build.version } ?? true)
                    && (query["filter[processingState]"].map { $0.split(separator: ",").contains(Substring(build.processingState)) } ?? true)
                    && (query["filter[expired]"].map { $0 == String(build.expired) } ?? true)
            }
            return page(builds.map(Self.json), query, parts)
        case "reviewSubmissions":
            guard let app = query["filter[app]"], !app.isEmpty else { return Self.stray }
            let states = query["filter[state]"].map { Set($0.split(separator: ",").map(String.init)) }
            let submissions = state.submissions.filter { submission in
                (query["filter[platform]"].map { $0 == submission.platform } ?? true) && (states?.contains(submission.state) ?? true)
                    && !(hidesOpenSubmissions && submission.state == "READY_FOR_REVIEW")
            }
            return page(submissions.map(Self.json), query, parts)
        default: break
        }
        guard parts.count >= 3 else { return Self.stray }
        let (kind, id, related) = (parts[1], parts[2], parts.count > 3 ? parts[3] : nil)
        switch (kind, related) {
        case ("builds", nil):
            guard let index = state.builds.firstIndex(where: { $0.id == id }) else { return Self.notFound }
            if state.builds[index].processingState == "PROCESSING" {
                if state.builds[index].processingReads <= 0 { state.builds[index].processingState = "VALID" }
                state.builds[index].processingReads -= 1
            }
            return Self.document(Self.json(state.builds[index]))
        case ("builds", "preReleaseVersion"):
            guard let build = state.builds.first(where: { $0.id == id }) else { return Self.notFound }
            return Self.document([
                "type": "preReleaseVersions", "id": "prv-\(build.version)-\(build.platform)",
                "attributes": ["version": build.version, "platform": build.platform],
            ])
        case ("apps", "appStoreVersions"):
            // The trap of sceneview#2731: without the platform filter, every platform's versions.
            guard let platform = query["filter[platform]"] else { return Self.stray }
            return page(state.versions(of: platform).map(Self.json), query, parts)
        case ("appStoreVersions", "build"):
            guard let version = state.versions.first(where: { $0.id == id }) else { return Self.notFound }
            let build = version.buildID.flatMap { buildID in state.builds.first { $0.id == buildID } }
            return Self.document(build.map(Self.json))
        case ("appStoreVersions", "appStoreVersionLocalizations"):
            return page(state.localizations.filter { $0.versionID == id }.map(Self.json), query, parts)
        case ("appStoreVersions", "appStoreVersionPhasedRelease"):
            return Self.document(state.phased.first { $0.versionID == id }.map(Self.json))
        case ("appStoreVersionLocalizations", "appScreenshotSets"):
            guard let localization = state.localizations.first(where: { $0.id == id }) else { return Self.notFound }
            let shots = (0..<localization.screenshots).map { ["type": "appScreenshots", "id": "\(id)-shot-\($0)"] }
            let sets: [[String: Any]] =
                shots.isEmpty
                ? []
                : [
                    [
                        "type": "appScreenshotSets", "id": "\(id)-set", "attributes": ["screenshotDisplayType": "APP_IPHONE_67"],
                        "relationships": ["appScreenshots": ["data": shots]],
                    ]
                ]
            return page(sets, query, parts)
        case ("reviewSubmissions", nil):
            guard let index = state.submissions.firstIndex(where: { $0.id == id }) else { return Self.notFound }
            if state.submissions[index].state == "CANCELING" {
                if state.submissions[index].cancelingReads <= 0 { state.submissions[index].state = "COMPLETE" }
                state.submissions[index].cancelingReads -= 1
            }
            return Self.document(Self.json(state.submissions[index]))
        case ("reviewSubmissions", "items"):
            return page(state.items.filter { $0.submissionID == id }.map(Self.json), query, parts)
        default: return Self.stray
        }
    }

    /// One page of `all`: `pageSize` from the cursor, `links.next` while more remain.
    private func page(_ all: [[String: Any]], _ query: [String: String], _ parts: [String]) -> HTTPTransportResponse {
        let start = Int(query["cursor"] ?? "0") ?? 0
        let slice = Array(all.dropFirst(start).prefix(pageSize))
        var document: [String: Any] = ["data": slice, "meta": ["paging": ["total": all.count, "limit": pageSize]]]
        if start + pageSize < all.count {
            var components = URLComponents(
                url: Self.base.appendingPathComponent(parts.joined(separator: "/")), resolvingAgainstBaseURL: false)!
            components.queryItems =
                query.filter { $0.key != "cursor" }.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
                + [URLQueryItem(name: "cursor", value: String(start + pageSize))]
            document["links"] = ["self": "x", "next": components.url!.absoluteString]
        }
        return Self.respond(200, document)
    }

    static func respond(_ status: Int, _ object: [String: Any]) -> HTTPTransportResponse {
        HTTPTransportResponse(
            status: status, headers: ["Content-Type": "application/json"],
            body: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }

    static func document(_ resource: [String: Any]?) -> HTTPTransportResponse {
        respond(200, ["data": resource.map { $0 as Any } ?? NSNull(), "links": ["self": "x"]])
    }

    static func error(_ status: Int, _ code: String, _ detail: String) -> HTTPTransportResponse {
        respond(status, ["errors": [["status": String(status), "code": code, "title": "An error.", "detail": detail]]])
    }

    static let notFound = error(404, "NOT_FOUND", "The specified resource does not exist")
    static let stray = HTTPTransportResponse(status: 599, body: Data("unscripted request".utf8))
}
