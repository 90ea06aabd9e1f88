import Crypto
import Foundation
import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// The signer against botocore's `S3SigV4Auth` (PyPI, in `.build-tools/venv`), the signer the AWS
/// CLI and boto3 use: for the same requests, credentials, session token and time, botocore builds
/// the URL the way its S3 serializer does (the key through `percent_encode(key, safe='/~')`) and
/// signs it; the URL and every header must be ours byte for byte.
@Suite("SigV4: botocore as the oracle", .temporaryDirectory)
struct SigV4BotocoreOracleTests {
    static let python = BuildToolsVenv.python(with: "botocore")

    /// Reads the cases (a JSON file), prints per case the URL botocore would request and the
    /// headers `S3SigV4Auth.add_auth` leaves on it, at the case's time.
    static let script = """
        import base64, datetime, json, sys
        from unittest import mock
        import botocore.auth
        from botocore.awsrequest import AWSRequest
        from botocore.credentials import Credentials
        from botocore.utils import percent_encode

        results = []
        for case in json.load(open(sys.argv[1])):
            if case.get("endpoint"):
                url = case["endpoint"].rstrip("/") + "/" + percent_encode(case["bucket"], safe="/~") + "/"
            else:
                url = "https://%s.s3.%s.amazonaws.com/" % (case["bucket"], case["region"])
            url += percent_encode(case["key"], safe="/~")
            if case["query"]:
                url += "?" + "&".join(
                    percent_encode(name, safe="-_.~") + ("" if value is None else "=" + percent_encode(value, safe="-_.~"))
                    for name, value in case["query"])
            request = AWSRequest(method=case["method"], url=url, data=base64.b64decode(case["body"]), headers=case["headers"])
            credentials = Credentials(case["accessKey"], case["secretKey"], case.get("token"))
            when = datetime.datetime.fromtimestamp(case["time"], datetime.timezone.utc).replace(tzinfo=None)
            with mock.patch.object(botocore.auth, "get_current_datetime", return_value=when):
                botocore.auth.S3SigV4Auth(credentials, "s3", case["region"]).add_auth(request)
            results.append({"url": url, "headers": dict(request.headers.items())})
        print(json.dumps(results))
        """

    struct Case: Encodable {
        var method: String
        var endpoint: String?
        var bucket: String
        var key: String
        var region: String
        var query: [[String?]]
        var headers: [String: String]
        var body: String
        var accessKey: String
        var secretKey: String
        var token: String?
        var time: Double
    }

    struct Signed: Decodable, Equatable {
        var url: String
        var headers: [String: String]
    }

    static let keys = [
        "prod/AROARQRX7CZS3PRF6ZA5L:1238aa04-1593-4391-96c8-ca1920bc7c7f", "App.zip", "with space/and  two.zip", "plus+sign",
        "tilde~/under_score-dash.dot", "ünïcødé/日本語/🚀.dmg", "reserved !$&'()*,;=@[]", "percent%20already", "hash#and?query",
        "slashes//double/", "/leading", "colon:at:every:turn:", "quote\"back`tick^caret|pipe{}<>\\",
    ]

    static let times: [Double] = [0, 951_782_400, 1_440_938_160, 1_709_251_199, 1_764_115_200.75, 4_102_444_800]

    static func cases() -> [Case] {
        var cases: [Case] = []
        let uploadId = "2~iCw_lDY8VoNHs5XAHL2/z0g+tqvq6ft=="
        let queries: [[[String?]]] = [[], [["uploads", nil]], [["partNumber", "7"], ["uploadId", uploadId]], [["uploadId", uploadId]]]
        for (index, key) in keys.enumerated() {
            for (variant, query) in queries.enumerated() {
                let method = ["PUT", "POST", "PUT", "POST"][variant]
                let body =
                    variant == 3
                    ? "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber></Part></CompleteMultipartUpload>" : "bytes \(index)"
                cases.append(
                    Case(
                        method: method,
                        endpoint: index % 3 == 0 ? nil : (index % 3 == 1 ? "http://127.0.0.1:49152" : "https://s3.proxy.example:443/"),
                        bucket: index % 2 == 0 ? "notary-submissions-prod" : "bucket.with.dots", key: key,
                        region: index % 4 == 0 ? "us-west-2" : "eu-central-1", query: query,
                        headers: variant == 3 ? ["Content-Type": "application/xml", "X-Custom": "  padded   value  "] : [:],
                        body: Data(body.utf8).base64EncodedString(), accessKey: "ASIAEXAMPLE\(index)",
                        secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCY/\(index)", token: index % 5 == 4 ? nil : "FwoGZXIvYXdzE+/=token\(index)",
                        time: times[(index + variant) % times.count]))
            }
        }
        cases.append(
            Case(
                method: "GET", endpoint: "http://localhost:5000", bucket: "abc", key: "k", region: "us-east-1",
                query: [["list-type", "2"], ["prefix", "a b"]],
                headers: ["Range": "bytes=0-9"], body: "", accessKey: "AKID", secretKey: "secret", token: nil, time: 1_440_938_160))
        return cases
    }

    static func ours(_ testCase: Case) throws -> Signed {
        let address = try S3Address(
            object: S3Object(bucket: testCase.bucket, key: testCase.key), region: testCase.region,
            endpoint: testCase.endpoint.flatMap(URL.init(string:)))
        let url = try address.url(testCase.query.map { ($0[0]!, $0[1]) })
        let body = Data(base64Encoded: testCase.body)!
        let signer = SigV4Signer(
            credentials: S3Credentials(accessKeyID: testCase.accessKey, secretAccessKey: testCase.secretKey, sessionToken: testCase.token),
            region: testCase.region)
        let signed = signer.sign(
            method: testCase.method, url: url, headers: testCase.headers, payloadHash: SHA256.hash(data: body).hexString,
            at: Date(timeIntervalSince1970: testCase.time))
        return Signed(url: url.absoluteString, headers: signed.headers)
    }

    @Test(
        "the URL and every header equal botocore's, for keys with ':', spaces, unicode, '~', '+' and multipart queries",
        .enabled(if: python != nil, "botocore is not installed: run scripts/install-deps (it goes into .build-tools/venv)"))
    func matchesBotocore() async throws {
        let python = try #require(Self.python)
        let cases = Self.cases()
        let input = try TemporaryDirectory.make() + "/cases.json"
        try JSONEncoder().encode(cases).write(to: URL(fileURLWithPath: input))
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        let run = try await shell.capture(ShellCommand(python, ["-c", Self.script, input]))
        try #require(run.succeeded, "\(run.standardError)")
        let expected = try JSONDecoder().decode([Signed].self, from: Data(run.standardOutput.utf8))
        try #require(expected.count == cases.count)
        for (testCase, botocore) in zip(cases, expected) {
            #expect(try Self.ours(testCase) == botocore, "key \(testCase.key), query \(testCase.query)")
        }
    }
}
