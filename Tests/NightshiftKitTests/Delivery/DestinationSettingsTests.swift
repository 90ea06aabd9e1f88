import Foundation
@testable import NightshiftCore
@testable import NightshiftDelivery
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
