import Foundation
import NightshiftCore
@testable import NightshiftServices
import Testing

/// The one paginator: `limit=200`, `links.next` followed only on the base URL's scheme, host and
/// port, so the bearer token never goes anywhere else.
@Suite("App Store Connect client: pages")
struct AppStoreConnectClientPagingTests {
    static func page(_ ids: [String], next: String?) -> String {
        let data = ids.map { #"{"type": "devices", "id": "\#($0)", "attributes": {"name": "d\#($0)"}}"# }.joined(separator: ",")
        let links = next.map { #", "links": {"self": "x", "next": "\#($0)"}"# } ?? ""
        return #"{"data": [\#(data)]\#(links)}"#
    }

    @Test("a list asks for 200 a page and follows links.next on the API's origin to the end")
    func followsPages() async throws {
        let fixture = try ClientFixture { request in
            let query = request.url.query ?? ""
            if query.contains("cursor=2") { return ScriptedAppleAPI.json(200, Self.page(["3"], next: nil)) }
            return ScriptedAppleAPI.json(
                200, Self.page(["1", "2"], next: "https://API.example.test:443/asc/v1/devices?cursor=2&limit=200"))
        }
        let devices = try await fixture.client.list(Device.self, "v1/devices", query: [("filter[platform]", "IOS")])
        #expect(devices.map(\.id) == ["1", "2", "3"])
        let urls = fixture.api.requests.map(\.url.absoluteString)
        #expect(
            urls == [
                "https://api.example.test/asc/v1/devices?filter%5Bplatform%5D=IOS&limit=200",
                "https://API.example.test:443/asc/v1/devices?cursor=2&limit=200",
            ])
        #expect(fixture.api.requests.allSatisfy { $0.method == "GET" })
    }

    @Test(
        "a next link to another host, another port, http or no URL is refused, and the token is not sent there",
        arguments: [
            "https://evil.example.test/asc/v1/devices?cursor=2", "https://api.example.test:8443/asc/v1/devices?cursor=2",
            "http://api.example.test/asc/v1/devices?cursor=2", "//api.example.test/v1/devices", "not a url at all",
        ])
    func refusesForeignNextLink(next: String) async throws {
        let fixture = try ClientFixture { _ in ScriptedAppleAPI.json(200, Self.page(["1"], next: next)) }
        let error = await #expect(throws: AppStoreConnectError.self) {
            try await fixture.client.list(Device.self, "v1/devices")
        }
        #expect(error?.kind == .foreignNextLink)
        #expect(error?.message.contains("the next page's link leaves https://api.example.test/asc") == true)
        #expect(error?.reason == .uploadRejected)
        // One request, to the API: nothing went to the link, with or without the token.
        #expect(fixture.api.requests.count == 1)
        #expect(fixture.api.requests.allSatisfy { $0.url.host == "api.example.test" && $0.url.scheme == "https" && $0.url.port == nil })
    }

    @Test("an http base URL may page on http, but never across to another port")
    func httpBase() async throws {
        let base = URL(string: "http://127.0.0.1:8080")!
        let fixture = try ClientFixture(base: base) { request in
            request.url.query?.contains("cursor") == true
                ? ScriptedAppleAPI.json(200, Self.page(["2"], next: "http://127.0.0.1:8081/v1/devices?cursor=3"))
                : ScriptedAppleAPI.json(200, Self.page(["1"], next: "http://127.0.0.1:8080/v1/devices?cursor=2"))
        }
        let error = await #expect(throws: AppStoreConnectError.self) { try await fixture.client.list(Device.self, "v1/devices") }
        #expect(error?.kind == .foreignNextLink)
        #expect(fixture.api.requests.map { $0.url.port } == [8080, 8080])
    }

    @Test("a list whose next link never ends stops after the page limit")
    func endlessList() async throws {
        let fixture = try ClientFixture { _ in
            ScriptedAppleAPI.json(200, Self.page(["1"], next: "https://api.example.test/asc/v1/devices?cursor=again"))
        }
        let error = await #expect(throws: AppStoreConnectError.self) { try await fixture.client.list(Device.self, "v1/devices") }
        #expect(error?.kind == .endlessList)
        #expect(fixture.api.requests.count == AppStoreConnectClient.maximumPages)
    }

    @Test("a limit the caller set is kept, not doubled")
    func callersLimit() async throws {
        let fixture = try ClientFixture { _ in ScriptedAppleAPI.json(200, Self.page([], next: nil)) }
        _ = try await fixture.client.list(Device.self, "v1/devices", query: [("limit", "10")])
        #expect(fixture.api.requests.first?.url.query == "limit=10")
    }
}
