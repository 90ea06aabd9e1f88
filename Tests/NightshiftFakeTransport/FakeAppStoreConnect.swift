import Crypto
public import FlyingFox
public import Foundation
import NightshiftCore
public import NightshiftSystem

/// Answers like App Store Connect's build-upload API, with JSON:API documents shaped like Apple's
/// ("Uploading assets to App Store Connect"), and checks every request: the ES256 token (its
/// signature, `kid`, `iss`, `aud`, lifetime and expiry on the test's clock), JSON bodies, the parts'
/// byte ranges against the file, and that pre-signed part URLs get no Authorization header.
/// What it found wrong is in `problems`; a test expects that list empty.
public final class FakeAppStoreConnect: @unchecked Sendable {
    public static let keyID = AppleTokenCheck.keyID
    public static let issuerID = AppleTokenCheck.issuerID
    public static let appID = "1234567890"
    public static let bundleID = "com.example.nightshift"
    public static let uploadID = "7c1b3e5a-0000-4a2b-9b1a-0d6d0ba4c1e7"
    public static let fileID = "f1le-0001"
    public static let buildID = "b0ild-812"

    /// How the fake behaves; set before the upload.
    public struct Script: Sendable {
        public var partSize = 1000
        /// Part number → how many times it answers 503 before taking the bytes.
        public var failingParts: [Int: Int] = [:]
        /// The first `POST /v1/buildUploads` answers 429 with this `Retry-After`.
        public var rateLimitRetryAfter: String?
        /// The first call to this path answers 401, as Apple does to an expired token.
        public var expireTokenOn: String?
        public var uploadPollsBeforeDone = 1
        public var finalUploadState = "COMPLETE"
        public var uploadErrors: [[String: String]] = []
        public var uploadWarnings: [[String: String]] = []
        /// Answers to `GET /v1/builds/{id}`, the last repeated.
        public var processingStates = ["PROCESSING", "VALID"]
        public var groups: [String: String] = ["QA": "g-qa", "Beta Testers": "g-beta"]
        public var existingLocalizations: [String: String] = [:]
        public var appsWithSharedPrefix = true
        /// The app's builds and build uploads, for build numbers (`FakeAppStoreConnect+BuildNumbers.swift`).
        public var history = FakeBuildHistory()
        /// The app's export compliance declarations, id → state (`FakeAppStoreConnect+Compliance.swift`).
        public var declarations: [String: String] = [:]

        public init() {}
    }

    /// The token check, request log and problems this fake shares with the others a test drives.
    public let gate: AppleServiceGate
    var clock: any WallClock { gate.clock }
    public let file: Data
    private let lock = NSLock()
    var script: Script
    private var counters: [String: Int] = [:]
    private var partsReceived: [Int: Int] = [:]
    private var committed: [String: Any]?
    private var declaration: String?
    private var calls: [String] = []
    /// Set once in `init`; optional only because the server's handler needs `self`.
    private var server: LocalHTTPServer?

    /// `listening: false`: no socket; the test sends through an `InProcessHTTPServer` around
    /// `answer`, and `endpoint` names what that server answers.
    /// `gate`: one shared with the other fakes of a test (one key, one request log); a gate of
    /// its own on `clock` by default.
    public init(
        file: Data, clock: any WallClock, script: Script = Script(), gate: AppleServiceGate? = nil, listening: Bool = true
    ) async throws {
        self.file = file
        self.gate = gate ?? AppleServiceGate(clock: clock)
        self.script = script
        if let path = script.expireTokenOn { self.gate.expireTokenOnce(at: path) }
        if listening { server = try await LocalHTTPServer { [unowned self] request, _ in self.handle(request) } }
    }

    /// The fake's answer to one request, wherever it came from.
    public func answer(_ request: LocalHTTPServer.Received, _ index: Int) async -> FlyingFox.HTTPResponse {
        handle(request)
    }

    public var pem: String { gate.pem }
    public var port: UInt16 { server?.port ?? 0 }
    public var endpoint: String { server.map { "http://127.0.0.1:\($0.port)" } ?? InProcessHTTPServer.origin }
    public var problems: [String] { gate.problems }
    public var tokens: Set<String> { gate.tokens }
    /// Method and path of each API call (parts excluded), in order.
    public var apiCalls: [String] { lock.withLock { calls } }
    /// Part number → how many complete, correct copies arrived.
    public var parts: [Int: Int] { lock.withLock { partsReceived } }
    public var commit: [String: Any]? { lock.withLock { committed } }
    /// The export compliance declaration linked to the build.
    public var linkedDeclaration: String? { lock.withLock { declaration } }

    func linkDeclaration(_ id: String) { lock.withLock { declaration = id } }

    public func stop() async { await server?.stop() }

    /// From now on `part` takes its bytes: a test's way of letting a stuck upload through.
    public func stopFailing(part: Int) {
        lock.withLock { script.failingParts[part] = nil }
    }

    func problem(_ text: String) -> FlyingFox.HTTPResponse {
        gate.record(text)
        return .status(400, #"{"errors":[{"status":"400","code":"PARAMETER_ERROR.INVALID","detail":"\#(text)"}]}"#)
    }

    private func count(_ key: String) -> Int {
        lock.withLock {
            counters[key, default: 0] += 1
            return counters[key]!
        }
    }

    private var operationCount: Int { (file.count + script.partSize - 1) / script.partSize }

    private func handle(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse {
        if request.path.hasPrefix("/parts/") { return part(request) }
        lock.withLock { calls.append("\(request.method) \(request.path)") }
        if let refusal = gate.admit(request) { return refusal }
        switch (request.method, request.path) {
        case ("GET", "/v1/apps"): return apps(request)
        case ("POST", "/v1/buildUploads"): return createUpload(request)
        case ("POST", "/v1/buildUploadFiles"): return createFile(request)
        case ("PATCH", "/v1/buildUploadFiles/\(Self.fileID)"): return commitFile(request)
        case ("GET", "/v1/buildUploads/\(Self.uploadID)"): return uploadState()
        case ("GET", "/v1/builds/\(Self.buildID)"):
            let states = script.processingStates
            let state = states[min(count("build"), states.count) - 1]
            return .json(["data": ["type": "builds", "id": Self.buildID, "attributes": ["version": "812", "processingState": state]]])
        case ("GET", "/v1/betaGroups"):
            guard request.query["filter[app]"] == Self.appID else { return problem("betaGroups without filter[app]") }
            return .json(["data": script.groups.map { ["type": "betaGroups", "id": $0.value, "attributes": ["name": $0.key]] }])
        case ("GET", "/v1/builds/\(Self.buildID)/betaBuildLocalizations"):
            return .json([
                "data": script.existingLocalizations.map {
                    ["type": "betaBuildLocalizations", "id": $0.value, "attributes": ["locale": $0.key]]
                }
            ])
        case ("POST", "/v1/betaBuildLocalizations"), ("POST", "/v1/betaAppReviewSubmissions"):
            return .json(["data": ["type": "created", "id": "new"]], status: 201)
        case ("PATCH", let path) where path.hasPrefix("/v1/betaBuildLocalizations/"):
            return .json(["data": ["type": "betaBuildLocalizations", "id": String(path.dropFirst("/v1/betaBuildLocalizations/".count))]])
        case ("POST", let path) where path.hasPrefix("/v1/betaGroups/") && path.hasSuffix("/relationships/builds"):
            return .status(204)
        default:
            return buildHistory(request) ?? compliance(request) ?? problem("no route for \(request.method) \(request.path)")
        }
    }

    private func apps(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse {
        guard request.query["filter[bundleId]"] == Self.bundleID else { return problem("apps filter \(request.query)") }
        // Apple's filter matches prefixes too: the client must pick the exact one.
        var apps: [[String: Any]] = []
        if script.appsWithSharedPrefix {
            apps.append(["type": "apps", "id": "999", "attributes": ["bundleId": Self.bundleID + ".widgets", "name": "Other"]])
        }
        apps.append(["type": "apps", "id": Self.appID, "attributes": ["bundleId": Self.bundleID, "name": "Nightshift"]])
        return .json(["data": apps])
    }

    private func createUpload(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse {
        if let wait = script.rateLimitRetryAfter, count("createUpload") == 1 {
            return .status(429, #"{"errors":[{"status":"429","code":"RATE_LIMIT_EXCEEDED"}]}"#, headers: ["Retry-After": wait])
        }
        guard request.headers["content-type"] == "application/json", let body = Self.object(request.body),
            let data = body["data"] as? [String: Any], data["type"] as? String == "buildUploads",
            let attributes = data["attributes"] as? [String: Any],
            attributes["cfBundleShortVersionString"] as? String == "1.4.0", attributes["cfBundleVersion"] as? String == "812",
            attributes["platform"] as? String == "IOS",
            ((data["relationships"] as? [String: Any])?["app"] as? [String: Any])?["data"] as? [String: String]
                == ["type": "apps", "id": Self.appID]
        else { return problem("bad buildUploads body \(request.body.count) bytes: \(String(decoding: request.body, as: UTF8.self))") }
        return .json(
            [
                "data": [
                    "type": "buildUploads", "id": Self.uploadID,
                    "attributes": [
                        "cfBundleShortVersionString": "1.4.0", "cfBundleVersion": "812", "platform": "IOS",
                        "state": ["state": "AWAITING_UPLOAD", "errors": [], "warnings": [], "infos": []],
                    ],
                ]
            ], status: 201)
    }

    private func createFile(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse {
        guard let body = Self.object(request.body), let data = body["data"] as? [String: Any],
            let attributes = data["attributes"] as? [String: Any], attributes["fileName"] as? String == "App.ipa",
            attributes["fileSize"] as? Int == file.count, attributes["uti"] as? String == "com.apple.ipa",
            attributes["assetType"] as? String == "ASSET",
            ((data["relationships"] as? [String: Any])?["buildUpload"] as? [String: Any])?["data"] as? [String: String]
                == ["type": "buildUploads", "id": Self.uploadID]
        else { return problem("bad buildUploadFiles body: \(String(decoding: request.body, as: UTF8.self))") }
        let expiration = ISO8601DateFormatter().string(from: clock.now.addingTimeInterval(7 * 86_400))
        let operations = (0..<operationCount).map { index -> [String: Any] in
            let offset = index * script.partSize
            return [
                "method": "PUT", "url": "\(endpoint)/parts/\(index + 1)?X-Amz-Signature=s3cr3tsignature\(index)",
                "length": min(script.partSize, file.count - offset), "offset": offset, "partNumber": index + 1,
                "expiration": expiration,
                "requestHeaders": [["name": "Content-Type", "value": "application/octet-stream"]],
            ]
        }
        return .json(
            [
                "data": [
                    "type": "buildUploadFiles", "id": Self.fileID,
                    "attributes": [
                        "fileName": "App.ipa", "fileSize": file.count, "uti": "com.apple.ipa", "assetType": "ASSET",
                        "uploadOperations": operations, "assetDeliveryState": ["state": "AWAITING_UPLOAD"],
                    ],
                ]
            ], status: 201)
    }

    private func part(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse {
        guard let number = Int(request.path.dropFirst("/parts/".count)), (1...operationCount).contains(number) else {
            return problem("unknown part \(request.path)")
        }
        if request.headers["authorization"] != nil { return problem("part \(number) carried an Authorization header") }
        guard request.method == "PUT", request.headers["content-type"] == "application/octet-stream" else {
            return problem("part \(number) without Apple's method and headers")
        }
        if let failures = lock.withLock({ script.failingParts[number] }), count("part \(number)") <= failures {
            return .status(503, "<Error><Code>SlowDown</Code></Error>")
        }
        let offset = (number - 1) * script.partSize
        let expected = file[offset..<min(offset + script.partSize, file.count)]
        guard request.body == expected, request.headers["content-length"] == String(expected.count) else {
            return problem("part \(number): \(request.bodySize) bytes, not bytes \(offset)..<\(offset + expected.count) of the file")
        }
        lock.withLock { partsReceived[number, default: 0] += 1 }
        return .status(200)
    }

    private func commitFile(_ request: LocalHTTPServer.Received) -> FlyingFox.HTTPResponse {
        let expectedHash = SHA256.hash(data: file).map { String(format: "%02x", $0) }.joined()
        guard let body = Self.object(request.body), let data = body["data"] as? [String: Any],
            data["type"] as? String == "buildUploadFiles", data["id"] as? String == Self.fileID,
            let attributes = data["attributes"] as? [String: Any], attributes["uploaded"] as? Bool == true,
            let checksum = (attributes["sourceFileChecksums"] as? [String: Any])?["file"] as? [String: String],
            checksum == ["hash": expectedHash, "algorithm": "SHA_256"]
        else { return problem("bad commit: \(String(decoding: request.body, as: UTF8.self))") }
        guard parts.count == operationCount else { return problem("committed with \(parts.count) of \(operationCount) parts") }
        lock.withLock { committed = body }
        return .json(["data": ["type": "buildUploadFiles", "id": Self.fileID, "attributes": ["assetDeliveryState": ["state": "COMPLETE"]]]])
    }

    private func uploadState() -> FlyingFox.HTTPResponse {
        // Apple awaits the bytes until the file is committed.
        guard commit != nil else {
            return .json([
                "data": [
                    "type": "buildUploads", "id": Self.uploadID, "attributes": ["state": ["state": "AWAITING_UPLOAD"]],
                ]
            ])
        }
        let polls = count("uploadState")
        let state = polls <= script.uploadPollsBeforeDone ? "PROCESSING" : script.finalUploadState
        var resource: [String: Any] = [
            "type": "buildUploads", "id": Self.uploadID,
            "attributes": [
                "cfBundleShortVersionString": "1.4.0", "cfBundleVersion": "812", "platform": "IOS",
                "state": ["state": state, "errors": script.uploadErrors, "warnings": script.uploadWarnings, "infos": []],
            ],
        ]
        if state == "COMPLETE" {
            resource["relationships"] = ["build": ["data": ["type": "builds", "id": Self.buildID]]]
        }
        return .json(["data": resource])
    }

    private static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func json(_ piece: String) -> [String: Any]? { base64URLDecode(piece).flatMap(object) }

    /// base64url without padding, as JWTs carry it.
    public static func base64URLDecode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
