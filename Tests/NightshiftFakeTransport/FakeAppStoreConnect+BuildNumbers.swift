import FlyingFox
import Foundation

/// What App Store Connect holds of the app's earlier builds: `GET /v1/builds?filter[app]=…`
/// (`version` is the build number) and `GET /v1/apps/{id}/buildUploads` (`cfBundleVersion`,
/// `platform`, `state.state`), JSON:API pages of `pageSize` with `links.next` as Apple writes it
/// (an absolute URL with a cursor), shapes from "List all builds of an app" and "List All Build
/// Uploads for an App".
public struct FakeBuildHistory: Sendable {
    public struct Upload: Sendable, Hashable {
        public var version: String
        public var platform: String
        /// `AWAITING_UPLOAD`, `PROCESSING`, `FAILED`, `COMPLETE`.
        public var state: String

        public init(version: String, platform: String = "IOS", state: String = "COMPLETE") {
            self.version = version
            self.platform = platform
            self.state = state
        }
    }

    public static let uploadStates = ["AWAITING_UPLOAD", "PROCESSING", "FAILED", "COMPLETE"]
    public static let platforms = ["IOS", "MAC_OS", "TV_OS", "VISION_OS"]

    public var builds: [String]
    public var uploads: [Upload]
    public var pageSize: Int

    public init(builds: [String] = [], uploads: [Upload] = [], pageSize: Int = 200) {
        self.builds = builds
        self.uploads = uploads
        self.pageSize = pageSize
    }
}

extension FakeAppStoreConnect {
    /// The two list routes; nil for any other request.
    func buildHistory(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse? {
        let history = script.history
        switch (request.method, request.path) {
        case ("GET", "/v1/builds"):
            guard request.query["filter[app]"] == Self.appID else { return problem("builds without filter[app]=\(Self.appID)") }
            let resources = history.builds.enumerated().map { index, version -> [String: Any] in
                ["type": "builds", "id": "build-\(index)", "attributes": ["version": version, "processingState": "VALID"]]
            }
            return page(resources, request, size: history.pageSize)
        case ("GET", "/v1/apps/\(Self.appID)/buildUploads"):
            let platform = request.query["filter[platform]"]
            let resources = history.uploads.enumerated().filter { platform == nil || $0.element.platform == platform }.map {
                index, upload -> [String: Any] in
                [
                    "type": "buildUploads", "id": "upload-\(index)",
                    "attributes": [
                        "cfBundleShortVersionString": "1.0", "cfBundleVersion": upload.version, "platform": upload.platform,
                        "state": ["state": upload.state, "errors": [], "warnings": [], "infos": []],
                    ],
                ]
            }
            return page(resources, request, size: history.pageSize)
        default:
            return nil
        }
    }

    /// One page from `cursor` (an offset here; opaque to clients), at most `limit` or `size`.
    private func page(_ resources: [[String: Any]], _ request: LocalHTTPServer.Received, size: Int) -> FlyingFox.HTTPResponse {
        guard let limit = Int(request.query["limit"] ?? "50"), (1...200).contains(limit) else {
            return problem("limit must be 1 to 200: \(request.query["limit"] ?? "")")
        }
        let start = Int(request.query["cursor"] ?? "0") ?? 0
        let end = min(resources.count, start + min(limit, size))
        var document: [String: Any] = [
            "data": Array(resources[min(start, resources.count)..<end]), "meta": ["paging": ["total": resources.count, "limit": limit]],
        ]
        if end < resources.count {
            var components = URLComponents(string: endpoint + request.path)
            components?.queryItems =
                request.query.filter { $0.key != "cursor" }.sorted { $0.key < $1.key }.map {
                    URLQueryItem(name: $0.key, value: $0.value)
                } + [URLQueryItem(name: "cursor", value: String(end))]
            document["links"] = ["self": endpoint + request.path, "next": components?.url?.absoluteString ?? ""]
        }
        return .json(document)
    }
}
