import Foundation
import NightshiftFakeTransport
import NightshiftServices
import NightshiftTestSupport
import Testing

/// The fakes of Apple's APIs share one gate: one key opens them all, one token check refuses for
/// all of them with Apple's 401, and one log and one list of problems cover them together.
@Suite("One gate before the fakes of Apple's APIs", .temporaryDirectory)
struct AppleServiceGateTests {
    struct Fakes {
        let clock = ManualClock()
        let gate: AppleServiceGate
        let portal: FakeSigningPortal
        let connect: FakeAppStoreConnect

        init() async throws {
            gate = AppleServiceGate(clock: clock)
            portal = try await FakeSigningPortal(clock: clock, gate: gate, listening: false)
            connect = try await FakeAppStoreConnect(file: Data(), clock: clock, gate: gate, listening: false)
        }

        func token(pem: String, keyID: String = FakeSigningPortal.keyID) throws -> String {
            try AppStoreConnectTokenSigner(keyID: keyID, issuerID: FakeSigningPortal.issuerID, pem: pem).token(now: clock.now).token
        }

        /// `GET path` with `token` to the fake that answers it.
        func get(_ path: String, query: String = "", token: String) async throws -> HTTPTransportResponse {
            let server = InProcessHTTPServer(handler: path.hasPrefix("/v1/apps") ? connect.answer : portal.answer)
            let request = HTTPTransportRequest(
                method: "GET", url: URL(string: InProcessHTTPServer.origin + path + query)!, headers: ["Authorization": "Bearer \(token)"])
            return try await server.send(request) { _, _ in }
        }
    }

    @Test("one key opens the provisioning API and the upload API; each request is in the one log")
    func oneKey() async throws {
        let fakes = try await Fakes()
        #expect(fakes.portal.pem == fakes.connect.pem && fakes.gate.pem == fakes.portal.pem)
        let token = try fakes.token(pem: fakes.gate.pem)
        #expect(try await fakes.get("/v1/devices", token: token).status == 200)
        #expect(try await fakes.get("/v1/apps", query: "?filter[bundleId]=\(FakeAppStoreConnect.bundleID)", token: token).status == 200)
        #expect(fakes.gate.requests == ["GET /v1/devices", "GET /v1/apps"])
        #expect(fakes.gate.tokens == [token])
        #expect(fakes.gate.problems.isEmpty)
    }

    @Test("another key, a wrong key id and an expired token: Apple's one 401 from every API; what no client should send is a problem")
    func refusals() async throws {
        let fakes = try await Fakes()
        let stranger = try fakes.token(pem: AppleServiceGate(clock: fakes.clock).pem)
        let wrongID = try fakes.token(pem: fakes.gate.pem, keyID: "WRONGKEY99")
        for token in [stranger, wrongID] {
            for answer in [try await fakes.get("/v1/devices", token: token), try await fakes.get("/v1/apps", token: token)] {
                #expect(answer.status == 401)
                #expect(String(decoding: answer.body, as: UTF8.self).contains(#""code":"NOT_AUTHORIZED""#))
            }
        }
        #expect(fakes.gate.problems.count == 4, "\(fakes.gate.problems)")
        let fresh = try fakes.token(pem: fakes.gate.pem)
        fakes.clock.advance(by: .seconds(21 * 60))
        #expect(try await fakes.get("/v1/devices", token: fresh).status == 401)
        #expect(fakes.gate.problems.count == 4, "an expired token is Apple's refusal, not the client's fault")
    }
}
