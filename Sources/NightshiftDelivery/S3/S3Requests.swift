import Crypto
import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftServices

/// The S3 operations an upload needs, each one signed request (`SigV4SigningTransport`) sent
/// through the retry policy, its failure turned into an `S3Error` that quotes S3's `Code` and
/// `Message` and never a credential.
struct S3Requests: Sendable {
    var http: RetryingHTTPClient
    var address: S3Address
    var credentials: S3Credentials
    var log: @Sendable (String) async -> Void

    var object: S3Object { address.object }

    /// PutObject: the whole file in one request.
    func putObject(file: String, sha256: String, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws(S3Error) {
        _ = try await send("PUT", [], body: .file(file), payloadHash: sha256, doing: "upload", progress: progress)
    }

    /// CreateMultipartUpload: the UploadId every later request names.
    func createMultipartUpload() async throws(S3Error) -> String {
        let response = try await send("POST", [("uploads", nil)], doing: "start a multipart upload of")
        guard let id = S3XML.value(of: "UploadId", in: response.bodyText), !id.isEmpty else {
            throw S3Error(.rejected, "S3 started a multipart upload of \(object) without naming it (no UploadId in its answer)")
        }
        return id
    }

    /// UploadPart: the bytes of one part, streamed from the file; the ETag S3 gives it.
    func uploadPart(
        _ number: Int, of uploadID: String, file: String, offset: Int64, length: Int64, sha256: String,
        progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws(S3Error) -> String {
        let response = try await send(
            "PUT", [("partNumber", String(number)), ("uploadId", uploadID)], body: .fileRange(file, offset: offset, length: length),
            payloadHash: sha256, doing: "upload part \(number) of", progress: progress)
        guard let etag = response.headers["etag"], !etag.isEmpty else {
            throw S3Error(.rejected, "S3 took part \(number) of \(object) without an ETag")
        }
        return etag
    }

    struct ListedPart: Sendable, Equatable {
        var etag: String
        var size: Int64
    }

    /// ListParts, every page: the parts S3 holds for the upload. nil when S3 no longer knows
    /// the upload (`NoSuchUpload`: completed, aborted, or expired by a lifecycle rule).
    func listParts(of uploadID: String) async throws(S3Error) -> [Int: ListedPart]? {
        var parts: [Int: ListedPart] = [:]
        var marker: String?
        // S3 lists at most 1,000 parts a page and an upload has at most 10,000: 11 pages at most.
        for _ in 0..<11 {
            var query: [S3Address.Parameter] = [("uploadId", uploadID)]
            if let marker { query.append(("part-number-marker", marker)) }
            let page: HTTPTransportResponse
            do {
                page = try await send("GET", query, doing: "list the parts already sent of")
            } catch  where error.code == "NoSuchUpload" {
                return nil
            }
            let text = page.bodyText
            for part in S3XML.elements("Part", in: text) {
                guard let number = S3XML.value(of: "PartNumber", in: part).flatMap(Int.init),
                    let etag = S3XML.value(of: "ETag", in: part), let size = S3XML.value(of: "Size", in: part).flatMap(Int64.init)
                else { continue }
                parts[number] = ListedPart(etag: etag, size: size)
            }
            guard S3XML.value(of: "IsTruncated", in: text) == "true", let next = S3XML.value(of: "NextPartNumberMarker", in: text) else {
                return parts
            }
            marker = next
        }
        return parts
    }

    /// CompleteMultipartUpload with every part's number and ETag, in order. S3 may answer 200
    /// and still fail: the error is then in the body.
    func complete(_ uploadID: String, parts: [Int: String]) async throws(S3Error) {
        let list = parts.keys.sorted().map { "<Part><PartNumber>\($0)</PartNumber><ETag>\(XMLText.escaped(parts[$0]!))</ETag></Part>" }
        let body = Data(
            ("<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">" + list.joined() + "</CompleteMultipartUpload>")
                .utf8)
        let response = try await send(
            "POST", [("uploadId", uploadID)], headers: ["Content-Type": "application/xml"], body: .data(body),
            payloadHash: SHA256.hash(data: body).hexString, doing: "complete the multipart upload of")
        if S3XML.elements("Error", in: response.bodyText).first != nil {
            throw failure(of: "complete the multipart upload of", response: response)
        }
    }

    /// AbortMultipartUpload: S3 drops the parts (only for an upload given up for good).
    func abort(_ uploadID: String) async throws(S3Error) {
        _ = try await send("DELETE", [("uploadId", uploadID)], doing: "abort the multipart upload of")
    }

    private func send(
        _ method: String, _ query: [S3Address.Parameter], headers: [String: String] = [:], body: HTTPTransportBody = .none,
        payloadHash: String = SigV4Signer.emptyPayloadHash, doing action: String,
        progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }
    ) async throws(S3Error) -> HTTPTransportResponse {
        var headers = headers
        headers["X-Amz-Content-SHA256"] = payloadHash
        let request = HTTPTransportRequest(method: method, url: try address.url(query), headers: headers, body: body)
        let response: HTTPTransportResponse
        let attempts = http.policy.attempts > 1 ? " after \(http.policy.attempts) attempts" : ""
        do {
            response = try await http.send(request, log: log, progress: progress)
        } catch let error as HTTPTransportError {
            switch error {
            case .connection(let reason), .notConnected(let reason):
                throw S3Error(.unavailable, scrub("could not \(action) \(object)\(attempts): \(reason)"))
            case .invalidRequest(let reason):
                throw S3Error(.localFile, scrub("could not \(action) \(object): \(reason)"))
            }
        } catch {
            throw S3Error(.unavailable, scrub("could not \(action) \(object): \(error)"))
        }
        guard response.isSuccess else {
            var failure = failure(of: action, response: response)
            if UploadRetryPolicy.isRetryable(status: response.status) { failure.message += attempts }
            throw failure
        }
        return response
    }

    /// S3's answer as an error: its `Code` decides the kind, its `Message` is quoted.
    private func failure(of action: String, response: HTTPTransportResponse) -> S3Error {
        let text = response.bodyText
        let code = S3XML.value(of: "Code", in: text)
        let message = S3XML.value(of: "Message", in: text)
        var said = "HTTP \(response.status)"
        if let code { said += " \(code)" }
        if let message { said += ": \(message)" }
        let kind: S3Error.Kind
        var hint = ""
        switch code {
        case "ExpiredToken", "TokenRefreshRequired":
            kind = .credentials
            hint = " (the S3 credentials Apple issued last 12 hours: this upload needs new ones)"
        case "InvalidAccessKeyId", "InvalidToken", "SignatureDoesNotMatch":
            kind = .credentials
            hint = " (S3 did not accept the credentials it was given)"
        case "RequestTimeTooSkewed":
            kind = .clockSkew
            hint = " (this machine's clock is more than 15 minutes off: set it right, e.g. with NTP)"
        case "InternalError", "ServiceUnavailable", "SlowDown", "RequestTimeout":
            // S3's own trouble, also when CompleteMultipartUpload reports it inside a 200.
            kind = .unavailable
        default:
            kind = UploadRetryPolicy.isRetryable(status: response.status) ? .unavailable : .rejected
        }
        return S3Error(kind, scrub("S3 refused to \(action) \(object): \(said)\(hint)"), code: code, status: response.status)
    }

    /// S3 echoes the access key id in some errors: no credential leaves in a message.
    private func scrub(_ text: String) -> String {
        [credentials.accessKeyID, credentials.secretAccessKey, credentials.sessionToken ?? ""].filter { $0.count >= 4 }
            .reduce(text) { $0.replacingOccurrences(of: $1, with: "********") }
    }
}
