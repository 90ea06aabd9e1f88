import Foundation
@testable import NightshiftServices
import NightshiftTestSupport
import NightshiftFakeTransport

/// `FakeAppStoreRelease` as the client's in-process transport. `killAt` cancels the n-th write
/// (before or after it takes effect), as a SIGKILL would; the end-to-end tests kill the real
/// process (`AppStoreConnectLaneTests`).
final class FakeAppStoreReleaseAPI: HTTPTransport, @unchecked Sendable {
    static let base = URL(string: "https://api.example.test/asc")!

    let fake: FakeAppStoreRelease
    private let lock = NSLock()
    private var writes = 0
    /// Cancel the n-th write (1-based); `applied`: after the server acted on it.
    var killAt: (write: Int, applied: Bool)?

    init(_ state: FakeAppStoreReleaseState = .standard()) {
        fake = FakeAppStoreRelease(state, base: Self.base)
    }

    var requests: [String] { fake.requests }
    var writeRequests: [String] { fake.writeRequests }
    var unexpected: [String] { fake.unexpected }
    var current: FakeAppStoreReleaseState { fake.current }
    func change(_ body: (inout FakeAppStoreReleaseState) -> Void) { fake.change(body) }

    var pageSize: Int {
        get { fake.pageSize }
        set { fake.pageSize = newValue }
    }

    var itemRefusal: String? {
        get { fake.itemRefusal }
        set { fake.itemRefusal = newValue }
    }

    var hidesOpenSubmissions: Bool {
        get { fake.hidesOpenSubmissions }
        set { fake.hidesOpenSubmissions = newValue }
    }

    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        var body: Data?
        if case .data(let data) = request.body { body = data }
        let kill: Bool? = lock.withLock {
            guard request.method != "GET" else { return nil }
            writes += 1
            guard let killAt, killAt.write == writes else { return nil }
            return killAt.applied
        }
        if kill == false { throw CancellationError() }
        let answer = fake.respond(request.method, url: request.url, body: body)
        if kill == true { throw CancellationError() }
        return HTTPTransportResponse(status: answer.status, headers: ["Content-Type": "application/json"], body: answer.body)
    }
}
