import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
@testable import NightshiftEngine
import NightshiftSchema
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("Upload settings and schema")
struct UploadSettingsTests {
    @Test("attempts and backoff default to 5 and 2 s, and parse durations")
    func retrySettings() throws {
        #expect(try UploadSettings([:]).retryPolicy(for: .http) == UploadRetryPolicy(attempts: 5, backoff: .seconds(2)))
        let policy = try UploadSettings(parameters(["attempts": "3", "backoff": "500ms"])).retryPolicy(for: .http)
        #expect(policy.attempts == 3 && policy.backoff == .milliseconds(500))
        #expect(try UploadSettings(parameters(["backoff": "1m"])).retryPolicy(for: .http).backoff == .seconds(60))
        #expect(throws: UploadError.self) { try UploadSettings(parameters(["attempts": "0"])).retryPolicy(for: .http) }
        #expect(throws: UploadError.self) { try UploadSettings(parameters(["backoff": "soon"])).retryPolicy(for: .http) }
    }

    @Test("attempts past 100 and a backoff past 30 days, infinite or not a number are errors, not traps")
    func retryBounds() throws {
        for (key, value) in [("attempts", "101"), ("backoff", "1e30s"), ("backoff", "inf"), ("backoff", "nan"), ("backoff", "721h")] {
            #expect(throws: UploadError.self, "\(key): \(value)") { try UploadSettings(parameters([key: value])).retryPolicy(for: .http) }
        }
        #expect(try UploadSettings(parameters(["attempts": "100", "backoff": "720h"])).retryPolicy(for: .http).attempts == 100)
    }

    @Test("lists come from YAML lists or comma-separated text")
    func lists() {
        #expect(UploadSettings(parameters([:], lists: ["groups": ["qa", " devs "]])).list("groups") == ["qa", "devs"])
        #expect(UploadSettings(parameters(["groups": "qa, devs,\nleads"])).list("groups") == ["qa", "devs", "leads"])
        #expect(UploadSettings([:]).list("groups") == [])
    }

    @Test("each destination lists its required and optional keys")
    func schema() throws {
        let firebase = UploadDestination.firebase
        #expect(firebase.requiredKeys == ["app"])
        #expect(
            firebase.optionalKeys.isSuperset(of: [
                "notes", "notes_file", "groups", "testers", "service_account", "access_token", "endpoint", "token_endpoint", "file",
                "attempts", "backoff",
            ]))
        #expect(UploadDestination.testflight.requiredKeys == ["key_id", "issuer_id", "private_key"])
        #expect(UploadDestination.http.requiredKeys == ["url"])
        #expect(UploadDestination.folder.requiredKeys == ["path"])
        #expect(UploadDestination(rawValue: "dropbox") == nil)
        #expect(UploadDestination.listed == "testflight, firebase, http, folder, crashlytics, sentry, bugsnag")
        #expect(UploadDestination.sentry.requiredKeys == ["org", "project", "auth_token"])
        #expect(UploadDestination.sentry.defaults == ["auth_token": "${SENTRY_AUTH_TOKEN}"])
        #expect(UploadDestination.bugsnag.secretKeys == ["api_key"])
        #expect(!UploadDestination.crashlytics.optionalKeys.contains("file"))
        #expect(UploadDestination.allCases.filter(\.takesSymbols) == [.crashlytics, .sentry, .bugsnag])
    }
}

extension UploadSettingsTests {
    @Test("credentials to mask: tokens, key contents and header credentials, but not a key file's path nor a key's ids")
    func secretValues() {
        let pem = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
        let testflight = UploadSettings(parameters(["key_id": "K3Y", "issuer_id": "1ssuer", "private_key": pem, "file": "App.ipa"]))
        #expect(Set(UploadDestination.testflight.secretValues(in: testflight)) == [pem])
        let byPath = UploadSettings(parameters(["key_id": "K3Y", "issuer_id": "1ssuer", "private_key": "/ci/AuthKey.p8"]))
        #expect(UploadDestination.testflight.secretValues(in: byPath).isEmpty)
        let firebase = UploadSettings(parameters(["service_account": "ci/key.json", "access_token": "ya29.t0ken"]))
        #expect(UploadDestination.firebase.secretValues(in: firebase) == ["ya29.t0ken"])
        let http = UploadSettings(
            parameters(
                ["url": "https://x/"], maps: ["headers": ["Authorization": "Bearer abc123", "X-Api-Key": "k3yk3y", "X-Team": "ios"]]))
        #expect(Set(UploadDestination.http.secretValues(in: http)) == ["abc123", "k3yk3y"])
    }
}

@Suite("Upload progress lines")
struct UploadProgressFormatterTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("under Jenkins: a line at the start, then one per interval, and the last one")
    func plainPeriodicLines() {
        var formatter = UploadProgressFormatter(isInteractive: false, interval: .seconds(30))
        let total: Int64 = 100_000_000
        #expect(formatter.line(for: UploadProgress(bytesSent: 0, totalBytes: total), at: start) == "uploading 0% 0.0 MB of 100.0 MB")
        #expect(formatter.line(for: UploadProgress(bytesSent: 10_000_000, totalBytes: total), at: start.addingTimeInterval(10)) == nil)
        #expect(
            formatter.line(for: UploadProgress(bytesSent: 60_000_000, totalBytes: total), at: start.addingTimeInterval(30))
                == "uploading 60% 60.0 MB of 100.0 MB at 2.0 MB/s")
        #expect(
            formatter.line(for: UploadProgress(bytesSent: total, totalBytes: total), at: start.addingTimeInterval(40))
                == "uploading 100% 100.0 MB of 100.0 MB at 2.5 MB/s")
    }

    @Test("on a terminal: about once a second, with percent and rate")
    func terminalLines() {
        var formatter = UploadProgressFormatter(isInteractive: true)
        let total: Int64 = 10_000_000
        #expect(formatter.line(for: UploadProgress(bytesSent: 1, totalBytes: total), at: start)?.hasPrefix("uploading 0%") == true)
        #expect(formatter.line(for: UploadProgress(bytesSent: 2_000_000, totalBytes: total), at: start.addingTimeInterval(0.5)) == nil)
        #expect(
            formatter.line(for: UploadProgress(bytesSent: 4_000_000, totalBytes: total), at: start.addingTimeInterval(1))
                == "uploading 40% 4.0 MB of 10.0 MB at 4.0 MB/s")
    }
}
