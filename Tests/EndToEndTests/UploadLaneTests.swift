import FlyingFox
import Foundation
import NightshiftCore
import NightshiftDelivery
import NightshiftTestSupport
import Testing
import NightshiftFakeTransport

@Suite("nightshift run with upload steps, end to end", .temporaryDirectory)
struct UploadLaneTests {
    static let fakeTools = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FakeTools").path

    /// A project folder with `lanes.yml` and a build to upload at `build/App.ipa`.
    struct Project {
        let directory: String
        let ipa: String
        let bytes: Data

        init(lanes: String, ipaSize: Int = 200_000) throws {
            directory = try makeTemporaryDirectory()
            try FileManager.default.createDirectory(atPath: directory + "/build", withIntermediateDirectories: true)
            ipa = directory + "/build/App.ipa"
            bytes = Data((0..<ipaSize).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) })
            try bytes.write(to: URL(fileURLWithPath: ipa))
            try lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    static func httpLanes(url: String) -> String {
        """
        project: { name: Demo }
        lanes:
          deliver:
            steps:
              - upload:
                  to: http
                  url: "\(url)"
                  file: build/App.ipa
                  headers: { Authorization: "Bearer ${STORE_AUTH}", X-Team: ios }
                  backoff: 0s
        """
    }

    static let storeToken = "st0re-auth-e2e-9f3a1c"

    @Test("upload to http: the server gets the exact bytes after a 503, stdout says where the build went, the token never shows")
    func httpUpload() async throws {
        let server = try await LocalHTTPServer { received, index in
            index == 0
                ? .status(503, "overloaded, try again (your credentials: \(received.headers["authorization"] ?? ""))")
                : .status(201, "{\"stored\": true}", headers: ["Location": "/builds/42?download-token=dl-secret-123"])
        }
        let project = try Project(lanes: Self.httpLanes(url: server.url("/builds/App.ipa?signature=presigned-sig-77").absoluteString))
        defer { project.remove() }
        let outcome = try await NightshiftBinary.run(
            ["run", "deliver"], in: project.directory, environment: ["STORE_AUTH": Self.storeToken])
        await server.stop()
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let requests = server.requests
        #expect(requests.map(\.method) == ["PUT", "PUT"])
        #expect(requests.last?.body == project.bytes)
        #expect(requests.last?.headers["authorization"] == "Bearer \(Self.storeToken)")
        #expect(requests.last?.headers["x-team"] == "ios")
        #expect(requests.last?.headers["content-length"] == "200000")
        #expect(requests.last?.query["signature"] == "presigned-sig-77")
        let stdout = outcome.standardOutput
        #expect(stdout.contains("PUT http://127.0.0.1:\(server.port)/builds/App.ipa: HTTP 503; retrying in 0.0s (attempt 2 of 5)"))
        #expect(stdout.contains("uploaded App.ipa to http://127.0.0.1:\(server.port)/builds/42\n"))
        let digest = try FileDigest.of(file: project.ipa)
        // The store answered {"stored": true}: nothing about the bytes, so they were sent, not verified.
        #expect(stdout.contains("sent: size 200000 bytes, sha256 \(digest.sha256) (not confirmed by the destination)"))
        #expect(!stdout.contains("verified:"))
        for secret in [Self.storeToken, "presigned-sig-77", "dl-secret-123"] {
            #expect(!stdout.contains(secret) && !outcome.standardError.contains(secret), "\(secret) leaked")
        }
    }

    @Test("upload to http refused with 401: one request, exit 1, a clear message, the echoed token masked")
    func httpUnauthorised() async throws {
        let server = try await LocalHTTPServer { received, _ in
            .status(401, "{\"error\": \"token rejected: \(received.headers["authorization"] ?? "")\"}")
        }
        let project = try Project(lanes: Self.httpLanes(url: server.url("/builds/App.ipa").absoluteString))
        defer { project.remove() }
        let outcome = try await NightshiftBinary.run(
            ["run", "deliver"], in: project.directory, environment: ["STORE_AUTH": Self.storeToken])
        await server.stop()
        #expect(outcome.exitCode == 1)
        #expect(server.requests.count == 1)
        let stdout = outcome.standardOutput
        #expect(stdout.contains("upload to http failed: HTTP 401 Unauthorized from PUT http://127.0.0.1:\(server.port)/builds/App.ipa"))
        #expect(stdout.contains("token rejected: Bearer ********\""))
        #expect(stdout.contains("check the credentials"))
        #expect(!stdout.contains(Self.storeToken) && !outcome.standardError.contains(Self.storeToken))
    }

    static let keyID = "ABC123XYZ9"
    static let issuerID = "69a6de7e-aaaa-bbbb-cccc-5bc2a8c2c3d4"
    static let privateKey =
        "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQgE2EFAKEKEYMATERIAL\n-----END PRIVATE KEY-----\n"

    /// A `beta` lane uploading build/App.ipa to TestFlight with the default credentials.
    static func testflightLanes(options: String = "") -> String {
        """
        project: { name: Demo }
        lanes:
          beta:
            steps:
              - upload: { to: testflight, method: altool, file: build/App.ipa\(options) }
        """
    }

    /// The fake tools first on PATH, fastlane's key id and issuer id variables, and `extra`.
    static func testflightEnvironment(_ extra: [String: String]) -> [String: String] {
        ["PATH": "\(fakeTools):/usr/bin:/bin", "APP_STORE_CONNECT_API_KEY_KEY_ID": keyID, "APP_STORE_CONNECT_API_KEY_ISSUER_ID": issuerID]
            .merging(extra) { _, new in new }
    }

    @Test("upload to testflight: the exact altool command through a fake xcrun, the key present only for the call, ids shown")
    func testflightUpload() async throws {
        let project = try Project(lanes: Self.testflightLanes())
        defer { project.remove() }
        let log = project.directory + "/fake.log"
        let outcome = try await NightshiftBinary.run(
            ["run", "beta"], in: project.directory,
            environment: Self.testflightEnvironment([
                "NIGHTSHIFT_FAKE_LOG": log, "APP_STORE_CONNECT_API_KEY_KEY": Self.privateKey,
            ]))
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let records = try Self.records(log)
        #expect(
            records.first == [
                "xcrun", "altool", "--upload-app", "-f", project.ipa, "-t", "ios", "--apiKey", Self.keyID, "--apiIssuer", Self.issuerID,
            ])
        let keys = try #require(records.first { $0.first == "xcrun<keys>" })
        #expect(Array(keys.dropFirst(2)) == ["AuthKey_\(Self.keyID).p8", "-----BEGIN PRIVATE KEY-----"])
        #expect(keys[1].hasSuffix("/private_keys") && !FileManager.default.fileExists(atPath: keys[1]), "the key outlived the call")
        #expect(records.count == 2)
        let stdout = outcome.standardOutput
        // The ids name the key and grant nothing: shown, so a failure says which key it was.
        #expect(stdout.contains("Authenticating with API key \(Self.keyID), issuer \(Self.issuerID)"))
        #expect(stdout.contains("UPLOAD SUCCEEDED with no errors"))
        #expect(stdout.contains("uploaded App.ipa to App Store Connect (TestFlight), delivery 00000000-0000-4000-8000-000000000000"))
        #expect(!stdout.contains("FAKEKEYMATERIAL") && !outcome.standardError.contains("FAKEKEYMATERIAL"), "the key leaked")
    }

    @Test("upload to testflight with fastlane's APP_STORE_CONNECT_API_KEY_KEY_FILEPATH: the .p8 is read from that file")
    func testflightKeyFromFile() async throws {
        let project = try Project(lanes: Self.testflightLanes())
        defer { project.remove() }
        let keyFile = project.directory + "/AuthKey_\(Self.keyID).p8"
        try Self.privateKey.write(toFile: keyFile, atomically: true, encoding: .utf8)
        let log = project.directory + "/fake.log"
        let outcome = try await NightshiftBinary.run(
            ["run", "beta"], in: project.directory,
            environment: Self.testflightEnvironment([
                "NIGHTSHIFT_FAKE_LOG": log, "APP_STORE_CONNECT_API_KEY_KEY_FILEPATH": keyFile,
            ]))
        #expect(outcome.exitCode == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let keys = try #require(try Self.records(log).first { $0.first == "xcrun<keys>" })
        #expect(Array(keys.dropFirst(2)) == ["AuthKey_\(Self.keyID).p8", "-----BEGIN PRIVATE KEY-----"])
    }

    @Test("upload to testflight with neither the key nor its file set: exit 2 before anything runs, both variables named")
    func testflightKeyMissing() async throws {
        let project = try Project(lanes: Self.testflightLanes())
        defer { project.remove() }
        let outcome = try await NightshiftBinary.run(["run", "beta"], in: project.directory, environment: Self.testflightEnvironment([:]))
        #expect(outcome.exitCode == 2)
        #expect(
            outcome.standardError.contains(
                "none of the environment variables 'APP_STORE_CONNECT_API_KEY_KEY', 'APP_STORE_CONNECT_API_KEY_KEY_FILEPATH' is set (needed by private_key: of step"
            ))
    }

    @Test("upload to testflight when altool fails: exit 1 with altool's error, the key never shown")
    func testflightFailure() async throws {
        let project = try Project(lanes: Self.testflightLanes(options: ", attempts: 1"))
        defer { project.remove() }
        let outcome = try await NightshiftBinary.run(
            ["run", "beta"], in: project.directory,
            environment: Self.testflightEnvironment([
                "FAKE_ALTOOL_EXIT": "1", "APP_STORE_CONNECT_API_KEY_KEY": Self.privateKey,
            ]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.contains("upload to testflight failed: altool exit code 1: *** Error: Error uploading"))
        #expect(!outcome.standardOutput.contains("FAKEKEYMATERIAL") && !outcome.standardError.contains("FAKEKEYMATERIAL"))
    }

    /// The fake tools' log: one record per line, fields NUL-terminated.
    static func records(_ log: String) throws -> [[String]] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }
}
