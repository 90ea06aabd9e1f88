import Foundation
import NightshiftCore
import NightshiftSchema
@testable import NightshiftServices
import NightshiftSystem
import Testing

@Suite("App Store Connect client")
struct AppStoreConnectClientTests {
    static let device = #"{"data": {"type": "devices", "id": "D1", "attributes": {"name": "Phone", "udid": "u1"}}}"#

    @Test("a 401 signs a new token and tries once more; the answer after it counts")
    func renewsOnce() async throws {
        let calls = LockedValue(0)
        let fixture = try ClientFixture { _ in
            calls.withLock { $0 += 1 }
            return calls.withLock { $0 } == 1
                ? ScriptedAppleAPI.json(401, #"{"errors": [{"status": "401"}]}"#) : .init(status: 200, body: Data(Self.device.utf8))
        }
        // The first token would still be good for 20 minutes: only the 401 makes the client sign again.
        let device = try await fixture.client.get(Device.self, "v1/devices/D1")
        #expect(device.id == "D1")
        let tokens = fixture.api.tokens
        #expect(tokens.count == 2)
        #expect(tokens[0] != tokens[1] && !tokens[0].isEmpty && !tokens[1].isEmpty)
        #expect(fixture.secrets.mask(tokens.joined(separator: " ")) == "******** ********")
    }

    @Test("a second 401 is the key's refusal: two requests, not more")
    func secondUnauthorized() async throws {
        let fixture = try ClientFixture { _ in
            ScriptedAppleAPI.json(
                401,
                #"{"errors": [{"status": "401", "code": "NOT_AUTHORIZED", "title": "Authentication credentials are missing or invalid.", "detail": "Provide a properly configured and signed bearer token."}]}"#
            )
        }
        let error = await #expect(throws: AppStoreConnectError.self) { try await fixture.client.get(Device.self, "v1/devices/D1") }
        #expect(fixture.api.requests.count == 2)
        #expect(error?.kind == .refused && error?.status == 401 && error?.code == "NOT_AUTHORIZED")
        #expect(error?.reason == .uploadRejected)
        #expect(
            error?.message
                == "App Store Connect refused GET https://api.example.test/asc/v1/devices/D1 (HTTP 401, NOT_AUTHORIZED): NOT_AUTHORIZED: Authentication credentials are missing or invalid.: Provide a properly configured and signed bearer token."
        )
    }

    @Test("Apple's error document: every error, its source and its associated errors, masked")
    func errorDocument() async throws {
        let fixture = try ClientFixture { request in
            let token = (request.headers["Authorization"] ?? "").replacingOccurrences(of: "Bearer ", with: "")
            return ScriptedAppleAPI.json(
                409,
                """
                {"errors": [{"id": "e1", "status": "409", "code": "ENTITY_ERROR.ATTRIBUTE.INVALID", "title": "An attribute value is invalid.",
                  "detail": "The token \(token) may not name it so.", "source": {"pointer": "/data/attributes/name"},
                  "meta": {"associatedErrors": {"/v1/profiles/": [{"code": "ENTITY_ERROR.RELATIONSHIP.INVALID", "detail": "No such certificate."}]}}},
                 {"status": "409", "code": "STATE_ERROR", "title": "Second", "detail": "Another one.", "source": {"parameter": "filter[name]"}}]}
                """)
        }
        let error = await #expect(throws: AppStoreConnectError.self) {
            try await fixture.client.create(Device.self, "v1/profiles", json: ["data": ["type": "profiles"]])
        }
        let token = try #require(fixture.api.tokens.first)
        #expect(error?.errors.count == 2)
        #expect(error?.errors.first?.source?.pointer == "/data/attributes/name")
        #expect(error?.errors.first?.associatedErrors.first?.code == "ENTITY_ERROR.RELATIONSHIP.INVALID")
        #expect(error?.errors.last?.source?.parameter == "filter[name]")
        let message = try #require(error?.message)
        #expect(
            message.hasPrefix(
                "App Store Connect refused POST https://api.example.test/asc/v1/profiles (HTTP 409, ENTITY_ERROR.ATTRIBUTE.INVALID): "))
        #expect(message.contains("An attribute value is invalid.: The token ******** may not name it so. (at /data/attributes/name)"))
        #expect(message.contains("STATE_ERROR: Second: Another one. (at filter[name])"))
        #expect(message.contains("ENTITY_ERROR.RELATIONSHIP.INVALID: No such certificate."))
        #expect(!message.contains(token) && !"\(String(describing: error))".contains(token))
        #expect(error?.errors.first?.detail == "The token ******** may not name it so.")
        let body = try #require(
            fixture.api.requests.first.flatMap { request -> Data? in
                if case .data(let data) = request.body { return data }
                return nil
            })
        #expect(String(decoding: body, as: UTF8.self) == #"{"data":{"type":"profiles"}}"#)
        #expect(fixture.api.requests.first?.headers["Content-Type"] == "application/json")
    }

    @Test("a 429 or 5xx is transient, a 4xx is a refusal")
    func verdicts() {
        #expect(AppStoreConnectError(.refused, "", status: 429).reason == .uploadUnavailable)
        #expect(AppStoreConnectError(.refused, "", status: 503).reason == .uploadUnavailable)
        #expect(AppStoreConnectError(.refused, "", status: 409).reason == .uploadRejected)
        #expect(AppStoreConnectError(.unreachable, "").reason == .uploadUnavailable)
        #expect(AppStoreConnectError(.unreadableKey, "").reason == .missingFile)
        #expect(AppStoreConnectError(.unusableKey, "").reason == .invalidSetting)
    }

    @Test("an answer that is not the document asked for has one text, cut and masked")
    func unexpectedAnswer() async throws {
        let fixture = try ClientFixture { request in
            let token = (request.headers["Authorization"] ?? "").replacingOccurrences(of: "Bearer ", with: "")
            return .init(status: 200, body: Data("<html>proxy login for \(token)</html>\n\(String(repeating: "x", count: 400))".utf8))
        }
        let error = await #expect(throws: AppStoreConnectError.self) { try await fixture.client.get(Device.self, "v1/devices/D1") }
        #expect(error?.kind == .unexpectedAnswer)
        let message = try #require(error?.message)
        #expect(
            message.hasPrefix(
                "unexpected answer to GET https://api.example.test/asc/v1/devices/D1: <html>proxy login for ********</html> xxx"))
        #expect(message.hasSuffix("…") && message.count < 420)
    }

    @Test("unknown attributes, missing attributes and relationships sent as links only all read")
    func lenientDecoding() async throws {
        let fixture = try ClientFixture { _ in
            ScriptedAppleAPI.json(
                200,
                #"{"data": [{"type": "devices", "id": "A", "attributes": {"name": "A", "brandNew": {"nested": [1, 2]}}, "relationships": {"app": {"links": {"related": "https://x"}}}}, {"type": "devices", "id": "B"}], "meta": {"paging": {"total": 2}}, "included": []}"#
            )
        }
        let devices = try await fixture.client.list(Device.self, "v1/devices")
        #expect(
            devices == [
                Device(id: "A", attributes: .init(name: "A", udid: nil), relationships: .init(app: JSONAPI.ToOne(data: nil))),
                Device(id: "B", attributes: nil, relationships: nil),
            ])
    }

    @Test("a resource gone (404) reads as nil, deletes as false; other verbs send what they say")
    func verbs() async throws {
        let fixture = try ClientFixture { request in
            switch (request.method, request.url.path) {
            case ("GET", "/asc/v1/profiles/gone"), ("DELETE", "/asc/v1/profiles/gone"):
                ScriptedAppleAPI.json(404, #"{"errors": [{"status": "404"}]}"#)
            case ("DELETE", "/asc/v1/profiles/P1"): HTTPTransportResponse(status: 204)
            case ("PATCH", "/asc/v1/devices/D1"): ScriptedAppleAPI.json(200, Self.device)
            case ("POST", "/asc/v1/betaGroups/G/relationships/builds"): HTTPTransportResponse(status: 204)
            default: ScriptedAppleAPI.json(599, "unscripted \(request.method) \(request.url)")
            }
        }
        let client = fixture.client
        #expect(try await client.getIfPresent(Device.self, "v1/profiles/gone") == nil)
        #expect(try await client.delete("v1/profiles/gone") == false)
        #expect(try await client.delete("v1/profiles/P1") == true)
        #expect(try await client.update(Device.self, "v1/devices/D1", json: ["data": ["id": "D1"]]).attributes?.udid == "u1")
        try await client.send("POST", "v1/betaGroups/G/relationships/builds", json: ["data": [["type": "builds", "id": "B"]]])
        #expect(fixture.api.requests.map(\.method) == ["GET", "DELETE", "DELETE", "PATCH", "POST"])
        #expect(fixture.api.requests.allSatisfy { $0.headers["Accept"] == "application/json" })
    }

    @Test("no answer at all is unreachable, and the error names the request without its query")
    func unreachable() async throws {
        let fixture = try ClientFixture { _ in ScriptedAppleAPI.json(200, "") }
        let failing = FailingTransport()
        let client = AppStoreConnectClient(
            api: ClientFixture.base, tokens: fixture.client.tokens,
            http: RetryingHTTPClient(transport: failing, clock: fixture.clock, jitter: NoJitter(), policy: .init(attempts: 1)),
            secrets: fixture.secrets, log: { _ in })
        let error = await #expect(throws: AppStoreConnectError.self) {
            try await client.list(Device.self, "v1/devices", query: [("filter[name]", "secret-ish")])
        }
        #expect(error?.kind == .unreachable && error?.reason == .uploadUnavailable)
        #expect(error?.message == "GET https://api.example.test/asc/v1/devices: could not connect: refused")
    }

    @Test("the app of exactly this bundle id, not one that starts with it")
    func appID() async throws {
        let fixture = try ClientFixture { _ in
            ScriptedAppleAPI.json(
                200,
                #"{"data": [{"type": "apps", "id": "W", "attributes": {"bundleId": "com.example.app.widget"}}, {"type": "apps", "id": "A", "attributes": {"bundleId": "com.example.app"}}]}"#
            )
        }
        #expect(try await fixture.client.appID(bundleID: "com.example.app") == "A")
        let error = await #expect(throws: AppStoreConnectError.self) { try await fixture.client.appID(bundleID: "com.example.other") }
        #expect(error?.kind == .notFound)
    }
}

struct FailingTransport: HTTPTransport {
    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        throw HTTPTransportError.notConnected("refused")
    }
}
