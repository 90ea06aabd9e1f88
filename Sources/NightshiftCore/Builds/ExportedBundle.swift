public import NightshiftSystem

/// What `xcodebuild -exportArchive` leaves for an export method. An iOS method's export is an
/// `.ipa`, which nightshift moves to `<output>/<product>.ipa`; a Developer ID (or Mac
/// application) export is the signed `.app` itself, which Xcode writes into the export folder
/// as `<product>.app` and which stays there: renaming or moving a Mac app changes what users see.
public enum ExportedBundle: Sendable, Hashable {
    case ipa
    case app

    /// The export methods whose product is a Mac `.app`. Any other method (iOS's, and the Mac
    /// App Store's `app-store`, which Xcode exports as a `.pkg`) is treated as an `.ipa`, as before.
    public static let appMethods: Set<String> = ["developer-id", "mac-application"]

    public init(method: String) {
        self = Self.appMethods.contains(method) ? .app : .ipa
    }

    /// The archive's destination when `project.destination` is not written: a Mac app is built
    /// for macOS, anything else for iOS (xcodebuild's generic destinations).
    public var defaultDestination: String {
        switch self {
        case .ipa: "generic/platform=iOS"
        case .app: "generic/platform=macOS"
        }
    }
}

extension BuildPaths {
    /// A Mac export's signed app: `export/<product>.app`, a directory.
    public var app: AbsolutePath { exportFolder.appending("\(productName).app") }
}
