import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
import NightshiftSchema
import Testing

/// Each destination's settings, decoded from expanded parameters: the one decode an upload makes.
@Suite("Typed upload settings")
struct DestinationSettingsTests {
    @Test("testflight: the key's ids and file, platform ios unless given, the retry policy")
    func testflight() throws {
        let settings = try TestFlightSettings(
            UploadSettings(parameters(["key_id": "K", "issuer_id": "I", "private_key": "/k.p8", "attempts": "2"])))
        #expect([settings.keyID, settings.issuerID, settings.privateKey, settings.platform] == ["K", "I", "/k.p8", "ios"])
        #expect(settings.retry.attempts == 2)
        #expect(
            try TestFlightSettings(
                UploadSettings(parameters(["key_id": "K", "issuer_id": "I", "private_key": "p", "platform": "visionos"]))
            ).platform == "visionos")
    }

    @Test("testflight: `issuer_id: \"\"` is an individual key, which only the API takes")
    func individualKey() throws {
        let individual = try TestFlightSettings(UploadSettings(parameters(["key_id": "K", "issuer_id": "", "private_key": "p"])))
        #expect(individual.issuerID == nil && individual.method == .api)
        let altool = #expect(throws: UploadError.self) {
            try TestFlightSettings(UploadSettings(parameters(["key_id": "K", "issuer_id": "", "private_key": "p", "method": "altool"])))
        }
        #expect(altool?.message.contains("altool needs a team key's 'issuer_id'") == true)
        #expect(altool?.reason == .invalidSetting)
    }

    @Test("testflight: the API by default, waiting 30m, en-US; every API key read")
    func testflightAPI() throws {
        let defaults = try TestFlightSettings(UploadSettings(parameters(["key_id": "K", "issuer_id": "I", "private_key": "p"])))
        #expect(defaults.method == .api && defaults.wait && defaults.waitTimeout == .seconds(1800) && defaults.locale == "en-US")
        #expect(defaults.endpoint.absoluteString == "https://api.appstoreconnect.apple.com" && defaults.appID == nil)
        let settings = try TestFlightSettings(
            UploadSettings(
                parameters(
                    [
                        "key_id": "K", "issuer_id": "I", "private_key": "p", "app_id": "1234567890", "wait_timeout": "1h30m",
                        "endpoint": "http://127.0.0.1:8080/asc", "notes": "What's new", "locale": "fr-FR", "submit_for_review": "true",
                        "platform": "appletvos",
                    ], lists: ["groups": ["QA", "Beta"]])))
        #expect(settings.appID == "1234567890" && settings.waitTimeout == .seconds(5400) && settings.submitForReview)
        #expect(settings.endpoint.absoluteString == "http://127.0.0.1:8080/asc" && settings.apiPlatform == "TV_OS")
        #expect(settings.notes == "What's new" && settings.locale == "fr-FR" && settings.groups == ["QA", "Beta"])
        #expect(
            try TestFlightSettings(UploadSettings(parameters(["key_id": "K", "issuer_id": "I", "private_key": "p", "method": "altool"])))
                .method == .altool)
    }

    @Test(
        "testflight refuses what cannot work together or cannot be read",
        arguments: [
            (
                ["wait": "false", "notes": "n"],
                "'wait: false' cannot go with 'notes:', 'groups:' or 'submit_for_review:': they need the processed build"
            ),
            (
                ["method": "altool", "submit_for_review": "true"],
                "'notes:', 'groups:' and 'submit_for_review:' need 'method: api'; altool only uploads"
            ),
            (["method": "transporter"], "'method: transporter' must be api (App Store Connect's REST API) or altool"),
            (["app_id": "com.example.app"], "'app_id: com.example.app' must be the app's numeric Apple ID, as App Store Connect shows it"),
            (["wait": "maybe"], "'wait: maybe' must be true or false"),
            (["wait_timeout": "soon"], "'wait_timeout: soon' must be a duration such as 90s, 30m, 2h or 1h30m"),
        ])
    func testflightRefuses(values: [String: String], message: String) throws {
        let error = #expect(throws: UploadError.self) {
            try TestFlightSettings(
                UploadSettings(parameters(["key_id": "K", "issuer_id": "I", "private_key": "p"].merging(values) { $1 })))
        }
        #expect(error?.message == message)
        #expect(error?.reason == .invalidSetting)
    }

    @Test("firebase: the app id, one credential, notes as text or file, groups and testers, the endpoints")
    func firebase() throws {
        let settings = try FirebaseSettings(
            UploadSettings(
                parameters(
                    [
                        "app": "1:42:ios:ab", "access_token": "t0ken", "notes_file": "notes.txt",
                        "token_endpoint": "https://oauth.example/token",
                    ],
                    lists: ["groups": ["qa"]])))
        #expect(settings.app.resourceName == "projects/42/apps/1:42:ios:ab")
        #expect(settings.credential == .accessToken("t0ken"))
        #expect(settings.notes == .file("notes.txt"))
        #expect(settings.groups == ["qa"] && settings.testers.isEmpty)
        #expect(settings.endpoint.absoluteString == "https://firebaseappdistribution.googleapis.com")
        #expect(settings.tokenEndpoint?.absoluteString == "https://oauth.example/token")
        let byAccount = try FirebaseSettings(
            UploadSettings(parameters(["app": "1:42:ios:ab", "service_account": "ci/key.json", "endpoint": "https://fad.example/"])))
        #expect(byAccount.credential == .serviceAccount("ci/key.json"))
        #expect(byAccount.endpoint.absoluteString == "https://fad.example")
    }

    @Test("http: the URL, PUT unless POST in any case, the headers")
    func http() throws {
        let settings = try HTTPSettings(
            UploadSettings(parameters(["url": "https://store.example/up", "method": "post"], maps: ["headers": ["X-Team": "ios"]])))
        #expect(settings.url.absoluteString == "https://store.example/up")
        #expect(settings.method == .post)
        #expect(settings.headers == ["X-Team": "ios"])
        #expect(try HTTPSettings(UploadSettings(parameters(["url": "http://store.example/"]))).method == .put)
    }

    @Test("folder: the directory and the retry policy")
    func folder() throws {
        let settings = try FolderSettings(UploadSettings(parameters(["path": "/Volumes/builds", "backoff": "1m"])))
        #expect(settings.path == "/Volumes/builds")
        #expect(settings.retry.backoff == .seconds(60))
    }

    @Test(
        "a value known only once expanded is refused with the loader's words and invalid_setting; a missing one with missing_setting",
        arguments: [
            (
                UploadDestination.testflight, ["key_id": "K", "issuer_id": "I", "private_key": "p", "platform": "watchos"],
                "upload to testflight failed: 'platform: watchos' must be one of appletvos, ios, macos, visionos",
                FailureReason.invalidSetting
            ),
            (
                .firebase, ["app": "com.example.app", "access_token": "t"],
                "upload to firebase failed: 'app: com.example.app' is not a Firebase app id (1:<project number>:ios:<id>, see the project settings)",
                .invalidSetting
            ),
            (
                .firebase, ["app": "1:42:ios:ab"],
                "upload to firebase failed: set 'service_account:' (a key file or its JSON from an environment variable) or 'access_token:'",
                .missingSetting
            ),
            (
                .http, ["url": "https://x/", "method": "delete"],
                "upload to http failed: 'method: DELETE' must be PUT (the raw file) or POST (multipart)", .invalidSetting
            ),
            (.folder, [:], "upload to folder failed: 'path:' is required", .missingSetting),
            (
                .crashlytics, ["platform": "watchos"], "upload to crashlytics failed: 'platform: watchos' must be one of ios, macos, tvos",
                .invalidSetting
            ),
            (.sentry, ["org": "acme", "project": "ios"], "upload to sentry failed: 'auth_token:' is required", .missingSetting),
            (
                .bugsnag, ["api_key": "k", "require_all": "maybe"], "upload to bugsnag failed: 'require_all: maybe' must be true or false",
                .invalidSetting
            ),
        ])
    func refused(destination: UploadDestination, values: [String: String], message: String, reason: FailureReason) {
        let error = #expect(throws: UploadError.self) { try Self.decode(destination, values) }
        #expect(error?.description == message)
        #expect(error?.reason == reason)
    }

    static func decode(_ destination: UploadDestination, _ values: [String: String]) throws(UploadError) {
        let settings = UploadSettings(parameters(values))
        switch destination {
        case .testflight: _ = try TestFlightSettings(settings)
        case .firebase: _ = try FirebaseSettings(settings)
        case .http: _ = try HTTPSettings(settings)
        case .folder: _ = try FolderSettings(settings)
        case .crashlytics: _ = try CrashlyticsSettings(settings)
        case .sentry: _ = try SentrySettings(settings)
        case .bugsnag: _ = try BugsnagSettings(settings)
        }
    }

    @Test("the loader and the upload decode a key with the same function")
    func oneDecoderPerKey() {
        #expect(UploadDestination.http.valueChecks["url"]?("ftp://host/x") == "'url: ftp://host/x' is not an http(s) URL")
        #expect(UploadDestination.http.valueChecks["url"]?("https://host/x") == nil)
        #expect(UploadDestination.folder.valueChecks["attempts"]?("0") == "'attempts: 0' must be a whole number from 1 to 100")
        #expect(UploadDestination.folder.valueChecks["url"] == nil)
    }
}
