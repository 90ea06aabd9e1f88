public import Foundation

/// `upload: { to: bugsnag }`: the project's API key (a secret, sent as a form field) and the
/// upload server (`endpoint:` for an on-premise one).
public struct BugsnagSettings: DestinationSettings, Hashable {
    public static let destination = UploadDestination.bugsnag
    public static let defaultEndpoint = URL(string: "https://upload.bugsnag.com")!

    public var symbols: SymbolSource
    public var apiKey: String
    public var endpoint: URL
    public var retry: UploadRetryPolicy

    public init(_ settings: UploadSettings) throws(UploadError) {
        let destination = Self.destination
        symbols = try SymbolSource(settings, for: destination)
        apiKey = try settings.required("api_key", for: destination)
        endpoint = try settings.value(UploadKeys.endpoint, for: destination) ?? Self.defaultEndpoint
        retry = try settings.retryPolicy(for: destination)
    }

    /// `POST <endpoint>/dsym` (docs.bugsnag.com/api/dsym-upload).
    public var uploadURL: URL { endpoint.appendingPathComponent("dsym") }
}
