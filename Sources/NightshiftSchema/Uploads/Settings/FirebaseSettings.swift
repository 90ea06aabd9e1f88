public import Foundation
import NightshiftCore

/// `upload: { to: firebase }`: the app, how to authenticate, release notes and who gets it.
public struct FirebaseSettings: DestinationSettings, Hashable {
    public static let destination = UploadDestination.firebase
    public static let defaultEndpoint = URL(string: "https://firebaseappdistribution.googleapis.com")!

    /// `access_token:` as given, or `service_account:` (a key file's path or its JSON).
    public enum Credential: Sendable, Hashable {
        case accessToken(String)
        case serviceAccount(String)
    }

    public enum ReleaseNotes: Sendable, Hashable {
        case text(String)
        case file(String)
    }

    public var app: FirebaseAppID
    public var notes: ReleaseNotes?
    public var groups: [String]
    public var testers: [String]
    public var credential: Credential
    public var endpoint: URL
    /// nil: the service account's own `token_uri`, else Google's.
    public var tokenEndpoint: URL?
    public var retry: UploadRetryPolicy

    public init(_ settings: UploadSettings) throws(UploadError) {
        let destination = Self.destination
        app = try settings.required(UploadKeys.app, for: destination)
        notes = settings.string("notes").map(ReleaseNotes.text) ?? settings.string("notes_file").map(ReleaseNotes.file)
        retry = try settings.retryPolicy(for: destination)
        if let token = settings.string("access_token") {
            credential = .accessToken(token)
        } else if let account = settings.string("service_account") {
            credential = .serviceAccount(account)
        } else {
            throw UploadError(
                destination, "set 'service_account:' (a key file or its JSON from an environment variable) or 'access_token:'",
                reason: .missingSetting)
        }
        endpoint = try settings.value(UploadKeys.endpoint, for: destination) ?? Self.defaultEndpoint
        tokenEndpoint = try settings.value(UploadKeys.tokenEndpoint, for: destination)
        (groups, testers) = (settings.list("groups"), settings.list("testers"))
    }
}
