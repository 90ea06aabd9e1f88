import Crypto
public import Foundation
import NightshiftCore

/// AWS Signature Version 4 for a header-signed request (AWS's "Create a signed AWS API request"),
/// as botocore's `S3SigV4Auth` computes it for S3: pure, given the time, so tests can compare it
/// byte for byte with botocore and with AWS's published test suite.
///
/// What is signed: `host` (from the URL, its port only when not the scheme's default), every
/// header the request carries but the hop-by-hop ones botocore leaves out, `x-amz-date`,
/// `x-amz-security-token` when the credentials have a session token, and (for S3)
/// `x-amz-content-sha256`. The path is signed exactly as the URL spells it (see `S3URIEncoding`),
/// the query sorted by name, then value.
public struct SigV4Signer: Sendable {
    /// SHA-256 of nothing: the payload hash of a request without a body.
    public static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"

    /// Headers a proxy or the HTTP stack may add, change or drop: signing one would break the
    /// signature on the way (botocore's `SIGNED_HEADERS_BLACKLIST`).
    static let unsignedHeaders: Set<String> = [
        "baggage", "connection", "expect", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "traceparent",
        "tracestate", "trailer", "transfer-encoding", "upgrade", "user-agent", "x-amzn-trace-id",
    ]

    public var credentials: S3Credentials
    public var region: String
    public var service: String
    /// S3 requires `x-amz-content-sha256` on every request; other services take the payload
    /// hash in the canonical request only.
    public var sendsContentHash: Bool

    public init(credentials: S3Credentials, region: String, service: String = "s3", sendsContentHash: Bool = true) {
        self.credentials = credentials
        self.region = region
        self.service = service
        self.sendsContentHash = sendsContentHash
    }

    /// What signing produced: the headers to send (the request's own plus the signature's) and
    /// the intermediate texts, which tests compare with the test suite's.
    public struct Signed: Sendable {
        public var headers: [String: String]
        public var canonicalRequest: String
        public var stringToSign: String
        public var authorization: String
    }

    /// - Parameters:
    ///   - url: already percent-encoded as it will be sent.
    ///   - payloadHash: the body's SHA-256 in lower-case hex (`emptyPayloadHash` for none), or
    ///     `unsignedPayload`.
    public func sign(method: String, url: URL, headers: [String: String], payloadHash: String, at date: Date) -> Signed {
        let timestamp = Self.timestamp(date)
        var sent = headers.filter { !Self.isSignatureHeader($0.key) }
        sent["X-Amz-Date"] = timestamp
        if let token = credentials.sessionToken { sent["X-Amz-Security-Token"] = token }
        if sendsContentHash { sent["X-Amz-Content-SHA256"] = payloadHash }
        let signedHeaders = Self.headersToSign(sent, url: url)
        let names = signedHeaders.map(\.name).joined(separator: ";")
        let canonicalRequest = [
            method.uppercased(), Self.canonicalPath(url), Self.canonicalQuery(url),
            signedHeaders.map { "\($0.name):\($0.value)\n" }.joined(), names, payloadHash,
        ].joined(separator: "\n")
        let scope = "\(timestamp.prefix(8))/\(region)/\(service)/aws4_request"
        let stringToSign = ["AWS4-HMAC-SHA256", timestamp, scope, Self.hex(SHA256.hash(data: Data(canonicalRequest.utf8)))]
            .joined(separator: "\n")
        let signature = Self.hex(
            HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: signingKey(day: String(timestamp.prefix(8)))))
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(names), Signature=\(signature)"
        sent["Authorization"] = authorization
        return Signed(headers: sent, canonicalRequest: canonicalRequest, stringToSign: stringToSign, authorization: authorization)
    }

    /// HMAC chain from the secret: day, region, service, "aws4_request".
    func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// `20150830T123600Z`: UTC, ISO 8601's basic format, as SigV4 wants it.
    static func timestamp(_ date: Date) -> String { UTCTimestamp.compact(date) }

    /// The headers a previous signing added: replaced, never signed twice (a retried request).
    private static func isSignatureHeader(_ name: String) -> Bool {
        ["authorization", "x-amz-date", "x-amz-security-token", "x-amz-content-sha256"].contains(name.lowercased())
    }

    /// Lower-cased names, sorted; values with surrounding blanks removed and inner runs of
    /// blanks made one space; one name given twice (in two spellings) has its values joined by
    /// commas.
    static func headersToSign(_ headers: [String: String], url: URL) -> [(name: String, value: String)] {
        var merged: [String: [String]] = [:]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where !unsignedHeaders.contains(name.lowercased()) {
            merged[name.lowercased(), default: []].append(value.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
        if merged["host"] == nil { merged["host"] = [host(of: url)] }
        return merged.keys.sorted().map { ($0, merged[$0]!.joined(separator: ",")) }
    }

    /// What an HTTP client sends as `Host`: lower-case, with the port unless it is the scheme's.
    static func host(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let host = (components?.host ?? "").lowercased()
        guard let port = components?.port else { return host }
        let defaultPort = ["http": 80, "https": 443][components?.scheme?.lowercased() ?? ""]
        return port == defaultPort ? host : "\(host):\(port)"
    }

    /// The path as the URL spells it (S3 neither normalises nor encodes it again); `/` when empty.
    static func canonicalPath(_ url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        return path.isEmpty ? "/" : path
    }

    /// The query's pairs as the URL spells them, sorted by name then value; a name without `=`
    /// gets one (`?uploads` signs as `uploads=`).
    static func canonicalQuery(_ url: URL) -> String {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery, !query.isEmpty else { return "" }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        return pairs.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String { bytes.hexString }
}
