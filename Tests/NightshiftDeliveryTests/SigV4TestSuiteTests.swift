import Foundation
@testable import NightshiftDelivery
import Testing

/// Cases from AWS's published SigV4 test suite, as awslabs/aws-c-auth vendors it
/// (`tests/aws-signing-test-suite/v4/<case>/header-signed-request.txt` and `context.json`):
/// the request, the credentials and time, and the `Authorization` AWS computed.
///
/// Only the cases whose path needs neither normalising nor a second encoding: those are what
/// the generic suite adds for services other than S3, which signs the path as sent (see
/// `S3URIEncoding`); botocore's `S3SigV4Auth` is the oracle for S3's paths
/// (`SigV4BotocoreOracleTests`).
///
/// The test vectors: Copyright Amazon.com, Inc. or its affiliates. All Rights Reserved.
/// SPDX-License-Identifier: Apache-2.0 (https://www.apache.org/licenses/LICENSE-2.0), as
/// aws-c-auth is licensed; copied unchanged.
@Suite("SigV4: AWS's published test suite")
struct SigV4TestSuiteTests {
    struct Vector: Sendable, CustomStringConvertible {
        var name: String
        var method = "GET"
        var path: String
        var headers: [String: String] = [:]
        var token: String?
        /// nil: the suite's generic cases sign no `x-amz-content-sha256` header.
        var contentHash: String?
        var authorization: String
        var description: String { name }
    }

    static let credentials = (accessKeyID: "AKIDEXAMPLE", secret: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
    /// 2015-08-30T12:36:00Z, every case's `timestamp`.
    static let time = Date(timeIntervalSince1970: 1_440_938_160)
    static let scope = "Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request"

    static let vectors = [
        Vector(
            name: "get-vanilla-with-session-token", path: "/", token: "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267",
            authorization:
                "AWS4-HMAC-SHA256 \(scope), SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8"
        ),
        Vector(
            name: "get-header-value-trim", path: "/", headers: ["My-Header1": " value1", "My-Header2": " \"a   b   c\""],
            authorization:
                "AWS4-HMAC-SHA256 \(scope), SignedHeaders=host;my-header1;my-header2;x-amz-date, Signature=acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"
        ),
        Vector(
            name: "get-vanilla-query-order-key-case", path: "/?Param2=value2&Param1=value1",
            authorization:
                "AWS4-HMAC-SHA256 \(scope), SignedHeaders=host;x-amz-date, Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"
        ),
        Vector(
            name: "get-unreserved", path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
            authorization:
                "AWS4-HMAC-SHA256 \(scope), SignedHeaders=host;x-amz-date, Signature=07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"
        ),
        Vector(
            name: "post-x-www-form-urlencoded", method: "POST", path: "/",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Content-Length": "13"],
            contentHash: "9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
            authorization:
                "AWS4-HMAC-SHA256 \(scope), SignedHeaders=content-length;content-type;host;x-amz-content-sha256;x-amz-date, Signature=d3875051da38690788ef43de4db0d8f280229d82040bfac253562e56c3f20e0b"
        ),
    ]

    @Test("the Authorization header equals AWS's", arguments: vectors)
    func matches(_ vector: Vector) throws {
        let signer = SigV4Signer(
            credentials: S3Credentials(
                accessKeyID: Self.credentials.accessKeyID, secretAccessKey: Self.credentials.secret, sessionToken: vector.token),
            region: "us-east-1", service: "service", sendsContentHash: vector.contentHash != nil)
        let url = try #require(URL(string: "https://example.amazonaws.com" + vector.path))
        let signed = signer.sign(
            method: vector.method, url: url, headers: vector.headers, payloadHash: vector.contentHash ?? SigV4Signer.emptyPayloadHash,
            at: Self.time)
        #expect(signed.authorization == vector.authorization)
        #expect(signed.headers["Authorization"] == vector.authorization)
        #expect(signed.headers["X-Amz-Date"] == "20150830T123600Z")
        #expect(signed.headers["X-Amz-Security-Token"] == vector.token)
    }

    @Test(
        "x-amz-date is the UTC time, across leap days and centuries",
        arguments: [
            (0.0, "19700101T000000Z"), (951_782_400, "20000229T000000Z"), (1_709_251_199.999, "20240229T235959Z"),
            (4_102_444_800, "21000101T000000Z"), (-1, "19691231T235959Z"),
        ])
    func timestamp(seconds: Double, expected: String) {
        #expect(SigV4Signer.timestamp(Date(timeIntervalSince1970: seconds)) == expected)
    }
}
