/// `upload: { to: crashlytics }`: Firebase's `upload-symbols`, the app's Google service file and
/// the platform it passes.
public struct CrashlyticsSettings: DestinationSettings, Hashable {
    public static let destination = UploadDestination.crashlytics

    public var symbols: SymbolSource
    /// `google_service_plist:`; nil: the one in the archived app (the build's own configuration).
    public var googleServicePlist: String?
    public var platform: CrashlyticsPlatform
    /// `upload_symbols:`; nil: looked for in the package checkouts and `Pods/`.
    public var uploadSymbols: String?

    public init(_ settings: UploadSettings) throws(UploadError) {
        symbols = try SymbolSource(settings, for: Self.destination)
        googleServicePlist = settings.string("google_service_plist")
        platform = try settings.value(UploadKeys.crashlyticsPlatform, for: Self.destination) ?? .ios
        uploadSymbols = settings.string("upload_symbols")
    }
}
