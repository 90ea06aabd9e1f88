public import Foundation
import NightshiftCore

/// `upload: { to: testflight }`: an App Store Connect API key, how the build goes (`method:`),
/// whether to wait for Apple's processing, and what TestFlight does with the processed build.
public struct TestFlightSettings: DestinationSettings, Hashable {
    public static let destination = UploadDestination.testflight
    public static let defaultEndpoint = URL(string: "https://api.appstoreconnect.apple.com")!
    /// Apple's processing usually takes 5 to 20 minutes; fastlane waits without bound by default.
    public static let defaultWaitTimeout = Duration.seconds(30 * 60)

    public var keyID: String
    /// A team key's issuer; nil for an individual key, written `issuer_id: ""` (its tokens say
    /// `sub: user` instead).
    public var issuerID: String?
    /// The .p8's PEM, or the path of a file holding it.
    public var privateKey: String
    /// altool's `-t` spelling: ios, appletvos, macos, visionos.
    public var platform: String
    public var retry: UploadRetryPolicy
    public var method: UploadKeys.TestFlightMethod
    /// The app's numeric id; nil: looked up by the .ipa's bundle id.
    public var appID: String?
    /// Wait for Apple's processing (`VALID`); `notes`, `groups` and review need it.
    public var wait: Bool
    public var waitTimeout: Duration
    public var endpoint: URL
    /// "What to Test".
    public var notes: String?
    public var locale: String
    /// Beta groups, by name.
    public var groups: [String]
    public var submitForReview: Bool
    /// `encryption:`: `usesNonExemptEncryption` for a processed build that has no answer.
    public var encryption: Bool?

    public init(_ settings: UploadSettings) throws(UploadError) {
        let destination = Self.destination
        platform = try settings.value(UploadKeys.platform, for: destination) ?? "ios"
        keyID = try settings.required("key_id", for: destination)
        issuerID = settings.string("issuer_id").flatMap { $0.isEmpty ? nil : $0 }
        privateKey = try settings.required("private_key", for: destination)
        retry = try settings.retryPolicy(for: destination)
        method = try settings.value(UploadKeys.testflightMethod, for: destination) ?? .api
        appID = try settings.value(UploadKeys.appID, for: destination)
        waitTimeout = try settings.value(UploadKeys.waitTimeout, for: destination) ?? Self.defaultWaitTimeout
        endpoint = try settings.value(UploadKeys.endpoint, for: destination) ?? Self.defaultEndpoint
        notes = settings.string("notes")
        locale = settings.string("locale") ?? "en-US"
        groups = settings.list("groups")
        submitForReview = try settings.value(UploadKeys.submitForReview, for: destination) ?? false
        let needsProcessedBuild = notes != nil || !groups.isEmpty || submitForReview
        let wait = try settings.value(UploadKeys.wait, for: destination)
        if wait == false, needsProcessedBuild {
            throw UploadError(
                destination, "'wait: false' cannot go with 'notes:', 'groups:' or 'submit_for_review:': they need the processed build",
                reason: .invalidSetting)
        }
        self.wait = wait ?? true
        encryption = try settings.value(UploadKeys.encryption, for: destination)
        if wait == false, encryption != nil {
            throw UploadError(
                destination, "'wait: false' cannot go with 'encryption:': the answer is set on the processed build", reason: .invalidSetting
            )
        }
        if method == .altool, issuerID == nil {
            throw UploadError(
                destination,
                "altool needs a team key's 'issuer_id' (APP_STORE_CONNECT_API_KEY_ISSUER_ID); an individual key needs 'method: api'",
                reason: .invalidSetting)
        }
        if method == .altool, needsProcessedBuild {
            throw UploadError(
                destination, "'notes:', 'groups:' and 'submit_for_review:' need 'method: api'; altool only uploads",
                reason: .invalidSetting)
        }
    }

    /// App Store Connect's platform for altool's `-t` spelling.
    public var apiPlatform: String {
        switch platform {
        case "macos": "MAC_OS"
        case "appletvos": "TV_OS"
        case "visionos": "VISION_OS"
        default: "IOS"
        }
    }
}
