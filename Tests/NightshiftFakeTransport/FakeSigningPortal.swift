import Crypto
public import FlyingFox
public import Foundation
import NightshiftTestSupport
import NightshiftCore
public import NightshiftSystem

/// Answers like App Store Connect's provisioning API (`bundleIds`, `certificates`, `profiles`,
/// `devices`), with JSON:API documents shaped as Apple's OpenAPI document describes them: lists
/// paged by `limit` (at most 200) with `links.next`, Apple's error documents, zombie profiles
/// (listed, but a read answers 404), the certificate limit, a key without the role. Certificates
/// are issued for real by a throwaway CA with openssl from the CSR sent, after
/// `openssl req -verify`, so a test can match them to their key. Every request is in `log`.
public final class FakeSigningPortal: @unchecked Sendable {
    public static let keyID = AppleTokenCheck.keyID
    public static let issuerID = AppleTokenCheck.issuerID
    public static let teamID = "ABCDE12345"

    public struct Request: Sendable, Hashable, CustomStringConvertible {
        public var method: String
        public var path: String
        public var query: [String: String]
        public var body: Data
        public var description: String { "\(method) \(path)" }
    }

    public struct Certificate: Sendable {
        public var id: String
        public var type: String
        public var name: String
        public var der: Data
        public var expires: Date
    }

    public struct Profile: Sendable {
        public var id: String
        public var name: String
        public var type: String
        public var bundleID: String
        public var certificates: [String]
        public var devices: [String]
        public var expires: Date
        public var uuid: String
        public var state = "ACTIVE"
        /// Listed, but a read answers 404.
        public var zombie = false

        public init(
            id: String, name: String, type: String, bundleID: String, certificates: [String], devices: [String], expires: Date, uuid: String
        ) {
            self.id = id
            self.name = name
            self.type = type
            self.bundleID = bundleID
            self.certificates = certificates
            self.devices = devices
            self.expires = expires
            self.uuid = uuid
        }
    }

    /// How the fake behaves beyond its state; set before the calls.
    public struct Script: Sendable {
        /// Largest page the fake returns, whatever `limit` asks: lists longer than this page.
        public var pageSize = 200
        /// Current certificates of one type Apple allows a team (DISTRIBUTION: 3 per team).
        public var certificateLimit = 3
        /// Requests (`POST /v1/certificates`, or a method alone, `POST`) answered 403, as to a
        /// key whose role may not do them.
        public var forbidden: Set<String> = []
        /// The scheme `links.next` is written with instead of the fake's own `http` (a server
        /// that sends the next page elsewhere, issue #38 §10).
        public var nextLinkScheme: String?
        public init() {}
    }

    /// The token check, request log and problems this fake shares with the others a test drives.
    public let gate: AppleServiceGate
    var clock: any WallClock { gate.clock }
    private let lock = NSLock()
    private var script: Script
    private var requests: [Request] = []
    private var bundles: [(id: String, identifier: String, platform: String)] = []
    private var certificateList: [Certificate] = []
    private var profileList: [Profile] = []
    private var deviceList: [(id: String, udid: String, platform: String, status: String, deviceClass: String)] = []
    private var counter = 0
    private let folder: String
    private var server: LocalHTTPServer?

    /// `listening: false`: no socket; the test sends through an in-process server around
    /// `answer` (NightshiftFakeTransport), and `endpoint` names what that server answers.
    /// `gate`: one shared with the other fakes of a test (one key, one request log); a gate of
    /// its own on `clock` by default.
    public init(clock: any WallClock, script: Script = Script(), gate: AppleServiceGate? = nil, listening: Bool = true) async throws {
        self.gate = gate ?? AppleServiceGate(clock: clock)
        self.script = script
        folder = try TemporaryDirectory.make("fake-portal")
        try await Self.openssl([
            "req", "-x509", "-key", try await FixtureKeys.shared.file("ca", in: folder), "-subj", "/CN=Fake WWDR", "-days", "3650",
            "-out", folder + "/ca.pem",
        ])
        if listening { server = try await LocalHTTPServer { [unowned self] request, _ in await self.handle(request) } }
    }

    /// The fake's answer to one request, wherever it came from.
    public func answer(_ request: LocalHTTPServer.Received, _ index: Int) async -> FlyingFox.HTTPResponse {
        await handle(request)
    }

    public var pem: String { gate.pem }
    public var endpoint: String { server.map { "http://127.0.0.1:\($0.port)" } ?? "http://127.0.0.1:9" }
    public var log: [Request] { lock.withLock { requests } }
    /// Requests that change something: a plan must make none.
    public var changes: [Request] { log.filter { $0.method != "GET" } }
    public var problems: [String] { gate.problems }
    public var certificates: [Certificate] { lock.withLock { certificateList } }
    public var profiles: [Profile] { lock.withLock { profileList } }

    public func stop() async {
        await server?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    public func setScript(_ change: (inout Script) -> Void) { lock.withLock { change(&script) } }

    // MARK: - State a test sets up

    @discardableResult
    public func addBundleID(_ identifier: String, platform: String = "IOS") -> String {
        lock.withLock {
            let id = nextID("B")
            bundles.append((id, identifier, platform))
            return id
        }
    }

    @discardableResult
    public func addDevice(udid: String, platform: String = "IOS", status: String = "ENABLED", deviceClass: String = "IPHONE") -> String {
        lock.withLock {
            let id = nextID("D")
            deviceList.append((id, udid, platform, status, deviceClass))
            return id
        }
    }

    @discardableResult
    public func addCertificate(
        der: Data, type: String = "DISTRIBUTION", name: String = "Apple Distribution: Example (ABCDE12345)", expires: Date? = nil
    )
        -> String
    {
        lock.withLock {
            let id = nextID("C")
            certificateList.append(
                Certificate(id: id, type: type, name: name, der: der, expires: expires ?? clock.now.addingTimeInterval(365 * 86_400)))
            return id
        }
    }

    @discardableResult
    public func addProfile(_ profile: Profile) -> String {
        lock.withLock { profileList.append(profile) }
        return profile.id
    }

    public func newID(_ prefix: String) -> String { lock.withLock { nextID(prefix) } }

    private func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(String(format: "%04d", counter))"
    }

    // MARK: - Answers

    private func handle(_ received: LocalHTTPServer.Received) async -> FlyingFox.HTTPResponse {
        let request = Request(method: received.method, path: received.path, query: received.query, body: received.body)
        lock.withLock { requests.append(request) }
        if let refusal = gate.admit(received) { return refusal }
        let forbidden = lock.withLock { script.forbidden }
        if forbidden.contains("\(request.method) \(request.path)") || forbidden.contains(request.method) {
            return Self.error(
                403, "FORBIDDEN_ERROR", "This request is forbidden for security reasons", "The API key in use does not allow this request")
        }
        if let limit = request.query["limit"], (Int(limit) ?? 0) > 200 || (Int(limit) ?? 0) < 1 {
            return Self.error(
                400, "PARAMETER_ERROR.INVALID", "A parameter has an invalid value", "'\(limit)' is not a valid value for 'limit'")
        }
        let parts = request.path.split(separator: "/").map(String.init)
        let id = parts.count > 2 ? parts[2] : nil
        let relation = parts.count == 5 && parts[3] == "relationships" ? parts[4] : nil
        let resource = parts.count >= 2 && parts[0] == "v1" ? parts[1] : ""
        switch (request.method, resource, id, relation, parts.count) {
        case ("GET", "bundleIds", nil, nil, 2): return bundleIDs(request)
        case ("GET", "devices", nil, nil, 2): return devices(request)
        case ("GET", "certificates", nil, nil, 2): return certificateList(request)
        case ("GET", "certificates", let id?, nil, 3): return certificate(id)
        case ("POST", "certificates", nil, nil, 2): return await createCertificate(request)
        case ("GET", "profiles", nil, nil, 2): return profileList(request)
        case ("GET", "profiles", let id?, nil, 3): return profile(id)
        case ("GET", "profiles", let id?, let relation?, 5): return relationship(id, relation, request)
        case ("POST", "profiles", nil, nil, 2): return createProfile(request)
        case ("DELETE", "profiles", let id?, nil, 3): return deleteProfile(id)
        default:
            gate.record("no route for \(request)")
            return Self.error(
                404, "NOT_FOUND", "The specified resource does not exist", "The path provided does not match a defined resource type.")
        }
    }

    static func error(_ status: Int, _ code: String, _ title: String, _ detail: String) -> FlyingFox.HTTPResponse {
        .json(
            ["errors": [["id": UUID().uuidString, "status": String(status), "code": code, "title": title, "detail": detail]]],
            status: status)
    }

    private static func notFound(_ type: String, _ id: String) -> FlyingFox.HTTPResponse {
        error(404, "NOT_FOUND", "The specified resource does not exist", "There is no resource of type '\(type)' with id '\(id)'")
    }

    /// A page of `items` from `cursor`, with `links.next` while more remain, as Apple pages.
    private func page(_ items: [[String: Any]], _ request: Request) -> FlyingFox.HTTPResponse {
        let size = min(Int(request.query["limit"] ?? "") ?? 20, lock.withLock { script.pageSize })
        let start = Int(request.query["cursor"] ?? "") ?? 0
        let end = min(items.count, start + size)
        var links: [String: Any] = ["self": endpoint + request.path]
        if end < items.count {
            var query = request.query
            query["cursor"] = String(end)
            let text = query.keys.sorted().map {
                "\($0)=\(query[$0]!.addingPercentEncoding(withAllowedCharacters: Self.queryValueCharacters) ?? "")"
            }
            let origin = lock.withLock { script.nextLinkScheme }.map { endpoint.replacingOccurrences(of: "http://", with: "\($0)://") }
            links["next"] = (origin ?? endpoint) + request.path + "?" + text.joined(separator: "&")
        }
        let slice = start < items.count ? Array(items[start..<end]) : []
        return .json(["data": slice, "links": links, "meta": ["paging": ["total": items.count, "limit": size]]])
    }

    /// What a query value keeps as it is: Apple's lists separate filter values with commas.
    static let queryValueCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ",-_."))

    private func filter(_ request: Request, _ name: String) -> Set<String>? {
        request.query["filter[\(name)]"].map { Set($0.split(separator: ",").map(String.init)) }
    }

    private func bundleIDs(_ request: Request) -> FlyingFox.HTTPResponse {
        // Apple's identifier filter also matches longer identifiers that start with it.
        let wanted = request.query["filter[identifier]"]
        let found = lock.withLock { bundles }.filter { wanted.map($0.identifier.hasPrefix) ?? true }
        return page(
            found.map {
                [
                    "type": "bundleIds", "id": $0.id,
                    "attributes": ["identifier": $0.identifier, "name": $0.identifier, "platform": $0.platform, "seedId": Self.teamID],
                ]
            },
            request)
    }

    private func devices(_ request: Request) -> FlyingFox.HTTPResponse {
        let platforms = filter(request, "platform")
        let statuses = filter(request, "status")
        let found = lock.withLock { deviceList }.filter { device in
            (platforms?.contains(device.platform) ?? true) && (statuses?.contains(device.status) ?? true)
        }
        return page(
            found.map {
                [
                    "type": "devices", "id": $0.id,
                    "attributes": [
                        "name": "Device \($0.udid)", "udid": $0.udid, "platform": $0.platform, "status": $0.status,
                        "deviceClass": $0.deviceClass,
                    ],
                ]
            }, request)
    }

    private func resource(_ certificate: Certificate) -> [String: Any] {
        [
            "type": "certificates", "id": certificate.id,
            "attributes": [
                "name": certificate.name, "displayName": certificate.name, "certificateType": certificate.type, "platform": "IOS",
                "serialNumber": certificate.id, "expirationDate": ISO8601DateFormatter().string(from: certificate.expires),
                "certificateContent": certificate.der.base64EncodedString(),
            ],
        ]
    }

    private func certificateList(_ request: Request) -> FlyingFox.HTTPResponse {
        let types = filter(request, "certificateType")
        return page(lock.withLock { certificateList }.filter { types?.contains($0.type) ?? true }.map(resource), request)
    }

    private func certificate(_ id: String) -> FlyingFox.HTTPResponse {
        guard let found = lock.withLock({ certificateList.first { $0.id == id } }) else { return Self.notFound("certificates", id) }
        return .json(["data": resource(found), "links": ["self": endpoint + "/v1/certificates/" + id]])
    }

    private func createCertificate(_ request: Request) async -> FlyingFox.HTTPResponse {
        guard let data = Self.object(request.body)?["data"] as? [String: Any], data["type"] as? String == "certificates",
            let attributes = data["attributes"] as? [String: Any], let type = attributes["certificateType"] as? String,
            let csr = attributes["csrContent"] as? String
        else {
            return Self.error(422, "ENTITY_UNPROCESSABLE", "The request entity is not valid", "certificateType and csrContent are required")
        }
        let current = lock.withLock { certificateList.filter { $0.type == type && $0.expires > clock.now }.count }
        if current >= lock.withLock({ script.certificateLimit }) {
            return Self.error(
                409, "ENTITY_ERROR", "There is a problem with the request entity",
                "You already have a current \(type == "DISTRIBUTION" ? "Distribution" : type) certificate or a pending certificate request."
            )
        }
        guard let der = await issue(csr: csr) else {
            return Self.error(
                409, "ENTITY_ERROR.ATTRIBUTE.INVALID", "An attribute value is invalid.",
                "Invalid CSR: the certificate signing request could not be verified.")
        }
        let id = addCertificate(der: der, type: type, name: "Apple Distribution: Example (\(Self.teamID))")
        guard let made = lock.withLock({ certificateList.first { $0.id == id } }) else { return .status(500) }
        return .json(["data": resource(made), "links": ["self": endpoint + "/v1/certificates/" + id]], status: 201)
    }

    /// `openssl req -verify` on the CSR, then a certificate for its key, signed by the fake CA.
    private func issue(csr: String) async -> Data? {
        guard let der = Data(base64Encoded: csr) else { return nil }
        let name = UUID().uuidString
        let request = folder + "/\(name).csr", certificate = folder + "/\(name).cer"
        guard FileManager.default.createFile(atPath: request, contents: der) else { return nil }
        do {
            try await Self.openssl(["req", "-inform", "DER", "-in", request, "-verify", "-noout"])
            try await Self.openssl([
                "x509", "-req", "-inform", "DER", "-in", request, "-CA", folder + "/ca.pem", "-CAkey", folder + "/ca.key",
                "-CAcreateserial", "-days", "365", "-outform", "DER", "-out", certificate,
            ])
        } catch {
            gate.record("CSR refused: \(error)")
            return nil
        }
        return FileManager.default.contents(atPath: certificate)
    }

    private func resource(_ profile: Profile, content: Bool) -> [String: Any] {
        var attributes: [String: Any] = [
            "name": profile.name, "platform": "IOS", "profileType": profile.type, "profileState": profile.state, "uuid": profile.uuid,
            "createdDate": ISO8601DateFormatter().string(from: clock.now),
            "expirationDate": ISO8601DateFormatter().string(from: profile.expires),
        ]
        if content { attributes["profileContent"] = mobileprovision(profile).base64EncodedString() }
        return ["type": "profiles", "id": profile.id, "attributes": attributes]
    }

    private func profileList(_ request: Request) -> FlyingFox.HTTPResponse {
        let names = filter(request, "name")
        return page(lock.withLock { profileList }.filter { names?.contains($0.name) ?? true }.map { resource($0, content: true) }, request)
    }

    private func profile(_ id: String) -> FlyingFox.HTTPResponse {
        guard let found = lock.withLock({ profileList.first { $0.id == id } }), !found.zombie else { return Self.notFound("profiles", id) }
        return .json(["data": resource(found, content: true), "links": ["self": endpoint + "/v1/profiles/" + id]])
    }

    private func relationship(_ id: String, _ relation: String, _ request: Request) -> FlyingFox.HTTPResponse {
        guard let found = lock.withLock({ profileList.first { $0.id == id } }), !found.zombie else { return Self.notFound("profiles", id) }
        switch relation {
        case "bundleId":
            return .json(["data": ["type": "bundleIds", "id": found.bundleID], "links": ["self": endpoint + request.path]])
        case "certificates": return page(found.certificates.map { ["type": "certificates", "id": $0] }, request)
        case "devices": return page(found.devices.map { ["type": "devices", "id": $0] }, request)
        default: return Self.notFound("relationships", relation)
        }
    }

    private func createProfile(_ request: Request) -> FlyingFox.HTTPResponse {
        guard let data = Self.object(request.body)?["data"] as? [String: Any], data["type"] as? String == "profiles",
            let attributes = data["attributes"] as? [String: Any], let name = attributes["name"] as? String,
            let type = attributes["profileType"] as? String, let relationships = data["relationships"] as? [String: Any],
            let bundle = ((relationships["bundleId"] as? [String: Any])?["data"] as? [String: Any])?["id"] as? String,
            let certificates = (relationships["certificates"] as? [String: Any])?["data"] as? [[String: Any]]
        else {
            return Self.error(
                422, "ENTITY_UNPROCESSABLE", "The request entity is not valid", "name, profileType, bundleId and certificates are required")
        }
        let devices = ((relationships["devices"] as? [String: Any])?["data"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let certificateIDs = certificates.compactMap { $0["id"] as? String }
        let made: Result<Profile, FakeRefusal> = lock.withLock {
            if profileList.contains(where: { $0.name == name && !$0.zombie }) {
                return .failure(
                    FakeRefusal(
                        response: Self.error(
                            409, "ENTITY_ERROR.ATTRIBUTE.INVALID", "An attribute value is invalid.",
                            "Multiple profiles found with the name '\(name)'.  Please remove the duplicate profiles and try again.")))
            }
            guard bundles.contains(where: { $0.id == bundle }) else {
                return .failure(
                    FakeRefusal(
                        response: Self.error(
                            409, "ENTITY_ERROR.RELATIONSHIP.INVALID", "The provided entity includes a relationship with an invalid value",
                            "There is no bundle id with id '\(bundle)' on this team.")))
            }
            guard !certificateIDs.isEmpty, certificateIDs.allSatisfy({ id in certificateList.contains { $0.id == id } }) else {
                return .failure(
                    FakeRefusal(
                        response: Self.error(
                            409, "ENTITY_ERROR.RELATIONSHIP.INVALID", "The provided entity includes a relationship with an invalid value",
                            "Unknown certificate in \(certificateIDs).")))
            }
            if type.hasSuffix("_DEVELOPMENT") || type.hasSuffix("_ADHOC"), devices.isEmpty {
                return .failure(
                    FakeRefusal(
                        response: Self.error(
                            409, "ENTITY_ERROR.ATTRIBUTE.INVALID", "An attribute value is invalid.",
                            "The profile needs at least one device.")))
            }
            let profile = Profile(
                id: nextID("P"), name: name, type: type, bundleID: bundle, certificates: certificateIDs, devices: devices,
                expires: clock.now.addingTimeInterval(365 * 86_400), uuid: UUID().uuidString)
            profileList.append(profile)
            return .success(profile)
        }
        switch made {
        case .failure(let refusal): return refusal.response
        case .success(let profile):
            return .json(
                ["data": resource(profile, content: true), "links": ["self": endpoint + "/v1/profiles/" + profile.id]], status: 201)
        }
    }

    private func deleteProfile(_ id: String) -> FlyingFox.HTTPResponse {
        lock.withLock {
            guard let index = profileList.firstIndex(where: { $0.id == id }) else { return Self.notFound("profiles", id) }
            profileList.remove(at: index)
            return .status(204)
        }
    }

    /// A profile's content as the signing code reads it: the property list Apple wraps in CMS.
    private func mobileprovision(_ profile: Profile) -> Data {
        let identifier = lock.withLock { bundles.first { $0.id == profile.bundleID }?.identifier } ?? "?"
        let certificates = lock.withLock { certificateList.filter { profile.certificates.contains($0.id) }.map(\.der) }
        let plist: [String: Any] = [
            "UUID": profile.uuid, "Name": profile.name, "TeamIdentifier": [Self.teamID], "ApplicationIdentifierPrefix": [Self.teamID],
            "ExpirationDate": profile.expires, "DeveloperCertificates": certificates,
            "ProvisionedDevices": profile.devices, "Entitlements": ["application-identifier": "\(Self.teamID).\(identifier)"],
        ]
        return (try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)) ?? Data()
    }

    private struct FakeRefusal: Error, @unchecked Sendable {
        var response: FlyingFox.HTTPResponse
    }

    static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// A 2048-bit RSA key, PEM: the one named `name` in this test process (`FixtureKeys`), so a
    /// test that needs two different keys names them differently.
    public static func rsaKey(named name: String = "signing-key") async throws -> String {
        try await FixtureKeys.shared.pem(name)
    }

    /// A self-signed certificate (DER) for the key `keyPEM`, as a portal certificate made from it
    /// would carry its public key.
    public static func selfSignedCertificate(keyPEM: String, in folder: String, name: String = "key") async throws -> Data {
        let key = folder + "/\(name).pem", output = folder + "/\(name).cer"
        guard FileManager.default.createFile(atPath: key, contents: Data(keyPEM.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw FixtureError(message: "cannot write \(key)")
        }
        try await openssl([
            "req", "-new", "-x509", "-key", key, "-subj", "/CN=Apple Distribution: Test", "-days", "30", "-outform", "DER", "-out", output,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    @discardableResult
    public static func openssl(_ arguments: [String]) async throws -> String {
        let result = try await ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
            .capture(ShellCommand("openssl", arguments))
        guard result.succeeded else { throw FixtureError(message: "openssl \(arguments.first ?? ""): \(result.failureDetail)") }
        return result.standardOutput
    }
}
