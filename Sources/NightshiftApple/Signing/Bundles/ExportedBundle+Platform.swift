import NightshiftCore

extension ExportedBundle {
    /// The SDK platform (`PLATFORM_NAME`) of the app a dry run assumes when it cannot read the
    /// project's signed bundles: a Mac app's `macosx`, anything else's `iphoneos`. Shared by
    /// `package`'s and `signing: sync`'s dry runs.
    var assumedPlatform: String {
        switch self {
        case .ipa: "iphoneos"
        case .app: "macosx"
        }
    }
}
