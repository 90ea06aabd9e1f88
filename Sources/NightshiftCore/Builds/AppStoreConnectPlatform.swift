/// App Store Connect's platform (`IOS`, `MAC_OS`, `TV_OS`, `VISION_OS`) for an xcodebuild
/// destination (`generic/platform=iOS`): build numbers and the `release:` step look builds and
/// versions up by it, so a tvOS build numbered like an iOS one is never taken for it.
public enum AppStoreConnectPlatform {
    public static func of(destination: String) -> String {
        let text = destination.lowercased()
        if text.contains("macos") || text.contains("mac catalyst") { return "MAC_OS" }
        if text.contains("tvos") { return "TV_OS" }
        if text.contains("visionos") || text.contains("xros") { return "VISION_OS" }
        return "IOS"
    }
}
