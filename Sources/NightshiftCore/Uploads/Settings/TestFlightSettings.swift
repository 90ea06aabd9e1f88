/// `upload: { to: testflight }`: an App Store Connect API key and altool's platform.
public struct TestFlightSettings: DestinationSettings, Hashable {
    public static let destination = UploadDestination.testflight

    public var keyID: String
    public var issuerID: String
    /// The .p8's PEM, or the path of a file holding it.
    public var privateKey: String
    public var platform: String
    public var retry: UploadRetryPolicy

    public init(_ settings: UploadSettings) throws(UploadError) {
        platform = try settings.value(UploadKeys.platform, for: Self.destination) ?? "ios"
        keyID = try settings.required("key_id", for: Self.destination)
        issuerID = try settings.required("issuer_id", for: Self.destination)
        privateKey = try settings.required("private_key", for: Self.destination)
        retry = try settings.retryPolicy(for: Self.destination)
    }
}
