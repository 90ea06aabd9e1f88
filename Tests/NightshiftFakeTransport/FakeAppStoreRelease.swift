public import Foundation

/// An App Store Connect for the `release:` step, as a function from a request to an answer, so
/// that one fake serves the in-process transport of the unit tests and the loopback server of
/// the end-to-end ones (`FakeAppStoreReleaseServer`). It answers the release's calls from
/// `FakeAppStoreReleaseState` as Apple's documentation shapes them, pages every list by
/// `pageSize` (following `links.next`), and refuses what Apple refuses (a second version in
/// progress per platform, a second open submission per platform, an item already in another
/// submission, a submission before the version is ready). Strict: an unscripted request answers
/// 599 and is kept in `unexpected`.
public final class FakeAppStoreRelease: @unchecked Sendable {
    public struct Answer: Sendable {
        public var status: Int
        public var body: Data

        public init(status: Int, body: Data = Data()) {
            self.status = status
            self.body = body
        }
    }

    /// Where `links.next` point: the API's base as the client knows it (set before any request).
    public var base: URL
    private let lock = NSLock()
    /// Read and changed under `lock` only (the routing runs inside it).
    var state: FakeAppStoreReleaseState
    private var sent: [String] = []
    private var strayRequests: [String] = []
    public var pageSize = 2
    /// The body of a 409 refusing the review item (associated errors).
    public var itemRefusal: String?
    /// The open submission is missing from lists (Apple's lists lag): only the 409 names it.
    public var hidesOpenSubmissions = false

    public init(_ state: FakeAppStoreReleaseState = .standard(), base: URL) {
        self.state = state
        self.base = base
    }

    public var requests: [String] { lock.withLock { sent } }
    public var writeRequests: [String] { requests.filter { !$0.hasPrefix("GET ") } }
    public var unexpected: [String] { lock.withLock { strayRequests } }
    public var current: FakeAppStoreReleaseState { lock.withLock { state } }
    public func change(_ body: (inout FakeAppStoreReleaseState) -> Void) { lock.withLock { body(&state) } }

    /// The answer to `method` on `url`, a URL below `base` (an in-process transport's request).
    public func respond(_ method: String, url: URL, body: Data?) -> Answer {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let prefix = base.path.hasSuffix("/") ? base.path : base.path + "/"
        let path = components?.path ?? ""
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return respond(method, path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path, query: query, body: body)
    }

    /// The answer to `method` on `path` (below `base`, no leading slash), recorded in `requests`.
    public func respond(_ method: String, _ path: String, query: [String: String], body data: Data?) -> Answer {
        var body: [String: Any] = [:]
        if let data { body = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:] }
        let rendered = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let line = "\(method) \(path)" + (rendered.isEmpty ? "" : "?\(rendered)")
        return lock.withLock {
            sent.append(line)
            let answer = answer(method, path, query, body)
            if answer.status == 599 { strayRequests.append(line) }
            return answer
        }
    }

    // MARK: - Routing (under the lock)

    private func answer(_ method: String, _ path: String, _ query: [String: String], _ body: [String: Any]) -> Answer {
        let parts = path.split(separator: "/").map(String.init)
        switch (method, parts.count) {
        case ("GET", _): return read(parts, query)
        case ("POST", 2): return create(parts[1], body)
        case ("PATCH", 3): return update(parts[1], parts[2], body)
        case ("PATCH", 5) where parts[1] == "builds" && parts[4] == "appEncryptionDeclaration":
            return linkDeclaration(build: parts[2], body)
        case ("PATCH", 5) where parts[1] == "appStoreVersions" && parts[4] == "build":
            guard let index = state.versions.firstIndex(where: { $0.id == parts[2] }) else { return Self.notFound }
            state.versions[index].buildID = ((body["data"] as? [String: Any])?["id"] as? String)
            return Answer(status: 204)
        case ("DELETE", 3) where parts[1] == "appStoreVersionPhasedReleases":
            let before = state.phased.count
            state.phased.removeAll { $0.id == parts[2] }
            return before == state.phased.count ? Self.notFound : Answer(status: 204)
        default: return Self.stray
        }
    }

    private func read(_ parts: [String], _ query: [String: String]) -> Answer {
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
        case "appEncryptionDeclarations":
            return declarations(query, parts)
        default: break
        }
        guard parts.count >= 3 else { return Self.stray }
        let (kind, id, related) = (parts[1], parts[2], parts.count > 3 ? parts[3] : nil)
        if let answer = readCompliance(kind, id, related, query, parts) { return answer }
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
    func page(_ all: [[String: Any]], _ query: [String: String], _ parts: [String]) -> Answer {
        let start = Int(query["cursor"] ?? "0") ?? 0
        let slice = Array(all.dropFirst(start).prefix(pageSize))
        var document: [String: Any] = ["data": slice, "meta": ["paging": ["total": all.count, "limit": pageSize]]]
        if start + pageSize < all.count {
            var components = URLComponents(
                url: base.appendingPathComponent(parts.joined(separator: "/")), resolvingAgainstBaseURL: false)!
            components.queryItems =
                query.filter { $0.key != "cursor" }.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
                + [URLQueryItem(name: "cursor", value: String(start + pageSize))]
            document["links"] = ["self": "x", "next": components.url!.absoluteString]
        }
        return Self.respond(200, document)
    }

    static func respond(_ status: Int, _ object: [String: Any]) -> Answer {
        Answer(
            status: status,
            body: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }

    static func document(_ resource: [String: Any]?) -> Answer {
        respond(200, ["data": resource.map { $0 as Any } ?? NSNull(), "links": ["self": "x"]])
    }

    static func error(_ status: Int, _ code: String, _ detail: String) -> Answer {
        respond(status, ["errors": [["status": String(status), "code": code, "title": "An error.", "detail": detail]]])
    }

    static let notFound = error(404, "NOT_FOUND", "The specified resource does not exist")
    static let stray = Answer(status: 599, body: Data("unscripted request".utf8))
}
