public import Foundation

/// `upload: { to: sentry }`: the organization and project, the token (a secret, handed to
/// sentry-cli in its environment only) and, for a self-hosted Sentry, its address.
public struct SentrySettings: DestinationSettings, Hashable {
    public static let destination = UploadDestination.sentry

    public var symbols: SymbolSource
    public var organization: String
    public var project: String
    public var authToken: String
    /// nil: sentry.io (sentry-cli's own default).
    public var url: URL?
    /// `sentry_cli:`; nil: `sentry-cli` on PATH.
    public var sentryCLI: String

    public init(_ settings: UploadSettings) throws(UploadError) {
        let destination = Self.destination
        symbols = try SymbolSource(settings, for: destination)
        organization = try settings.required("org", for: destination)
        project = try settings.required("project", for: destination)
        authToken = try settings.required("auth_token", for: destination)
        url = try settings.value(UploadKeys.url, for: destination)
        sentryCLI = settings.string("sentry_cli") ?? "sentry-cli"
    }
}
