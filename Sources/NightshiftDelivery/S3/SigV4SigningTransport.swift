import Foundation
import NightshiftSystem
import NightshiftServices

/// Signs each attempt as it leaves, at the clock's time, then hands it to the real transport:
/// a request the retry policy sends again minutes later carries a fresh `x-amz-date`, never one
/// S3 would refuse as too old (it takes a signature for 15 minutes).
///
/// The payload hash comes in the request's `X-Amz-Content-SHA256` header, computed once by the
/// uploader before the first attempt (a part is hashed from disk, not here, on every retry).
struct SigV4SigningTransport: HTTPTransport {
    var base: any HTTPTransport
    var signer: SigV4Signer
    var clock: any WallClock

    func send(_ request: HTTPTransportRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> HTTPTransportResponse {
        var signed = request
        let payloadHash = request.headers.first { $0.key.lowercased() == "x-amz-content-sha256" }?.value ?? SigV4Signer.emptyPayloadHash
        signed.headers =
            signer.sign(method: request.method, url: request.url, headers: request.headers, payloadHash: payloadHash, at: clock.now)
            .headers
        return try await base.send(signed, progress: progress)
    }
}
