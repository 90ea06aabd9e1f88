import Foundation
import NightshiftSystem
import NightshiftCore
public import NightshiftSchema
public import NightshiftServices

/// `upload: { to: http, url: …, method: PUT|POST, headers: {…} }`: an internal artifact store or
/// a presigned URL. PUT sends the raw file; POST sends it as the `file` field of a multipart form.
/// Both stream from disk.
public struct HTTPUploader: DestinationUploader {
    public var client: @Sendable (UploadRetryPolicy) -> RetryingHTTPClient
    public var temporaryDirectory: String

    public init(client: @escaping @Sendable (UploadRetryPolicy) -> RetryingHTTPClient, temporaryDirectory: String) {
        self.client = client
        self.temporaryDirectory = temporaryDirectory
    }

    public func upload(
        _ request: UploadRequest, settings: HTTPSettings, progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws -> UploadReceipt {
        request.secrets.learn(SensitiveHeaders.credentials(in: settings.headers))
        let digest = try FileDigest.of(file: request.file.string)
        let (body, cleanup) = try makeBody(settings, file: request.file.string, digest: digest)
        defer { cleanup() }
        let httpRequest = HTTPTransportRequest(
            method: settings.method.rawValue, url: settings.url, headers: body.headers, body: body.content)
        let response = try await client(settings.retry).sendExpectingSuccess(
            httpRequest, destination: .http, secrets: request.secrets, log: request.log,
            progress: { sent, total in progress(UploadProgress(bytesSent: sent, totalBytes: total)) }
        )
        let verification = try Self.checkEchoedDigest(response, expected: digest)
        let location = response.headers["location"].flatMap { URL(string: $0, relativeTo: settings.url)?.absoluteURL.printable }
        return UploadReceipt(location: location ?? settings.url.printable, verification: verification)
    }

    private struct PreparedBody {
        var content: HTTPTransportBody
        var headers: [String: String]
    }

    private func makeBody(_ settings: HTTPSettings, file: String, digest: FileDigest) throws -> (PreparedBody, () -> Void) {
        var headers = settings.headers
        guard settings.method == .post else {
            headers.setDefault("Content-Type", "application/octet-stream")
            headers.setDefault("Content-Digest", "sha-256=:\(digest.sha256Base64):")
            return (PreparedBody(content: .file(file), headers: headers), {})
        }
        let form = try MultipartFormFile.write(file: file, fieldName: "file", in: temporaryDirectory)
        headers["Content-Type"] = form.contentType
        return (PreparedBody(content: .file(form.path), headers: headers), { try? FileManager.default.removeItem(atPath: form.path) })
    }

    /// Stores that answer with what they stored (`{"sha256": "…", "size": 1234}`) are held to it;
    /// what they echo, and only that, counts as confirmed.
    private static func checkEchoedDigest(_ response: HTTPTransportResponse, expected: FileDigest) throws -> UploadVerification {
        var verification = UploadVerification.sent(expected)
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else { return verification }
        if let echoed = (object["sha256"] ?? object["checksum"]) as? String {
            guard echoed.lowercased() == expected.sha256 else {
                throw UploadError(
                    .http, "the server stored sha256 \(echoed), but the file's is \(expected.sha256)", reason: .uploadUnverified)
            }
            verification.sha256Confirmed = true
        }
        if let size = ((object["size"] ?? object["bytes"]) as? NSNumber)?.int64Value {
            guard size == expected.size else {
                throw UploadError(.http, "the server stored \(size) bytes, but the file has \(expected.size)", reason: .uploadUnverified)
            }
            verification.sizeConfirmed = true
        }
        return verification
    }
}

/// Which headers of an http upload carry credentials, and their secret parts.
enum SensitiveHeaders {
    static let sensitiveHeaderWords = ["authorization", "token", "key", "secret", "password", "cookie", "signature"]

    /// The credentials in sensitive headers, to hide wherever they might be echoed: a value of
    /// one word whole, else every word after the first, the scheme (`Bearer ********`,
    /// `AWS4-HMAC-SHA256 Credential=********, …`), so a message still says what kind it was.
    static func credentials(in headers: [String: String]) -> [String] {
        headers.filter { isSensitive(header: $0.key) }.flatMap { header -> [String] in
            let words = header.value.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
            return words.count > 1 ? Array(words.dropFirst()) : words
        }
        .filter { $0.utf8.count >= SecretPolicy.minimumLength }
    }

    static func isSensitive(header name: String) -> Bool {
        let lowered = name.lowercased()
        return sensitiveHeaderWords.contains { lowered.contains($0) }
    }
}

extension Dictionary where Key == String, Value == String {
    /// Sets `value` unless a header of that name, in any case, is already there.
    mutating func setDefault(_ name: String, _ value: String) {
        guard !keys.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else { return }
        self[name] = value
    }
}

extension FileDigest {
    var sha256Base64: String {
        var bytes: [UInt8] = []
        var index = sha256.startIndex
        while index < sha256.endIndex {
            let next = sha256.index(index, offsetBy: 2)
            bytes.append(UInt8(sha256[index..<next], radix: 16) ?? 0)
            index = next
        }
        return Data(bytes).base64EncodedString()
    }
}
