import NightshiftCore
import NightshiftSchema
public import NightshiftSystem
/// The `xcrun altool --upload-app` command for an App Store Connect API key. The key itself
/// never goes on argv: altool reads `AuthKey_<key id>.p8` from `API_PRIVATE_KEYS_DIR`.
public struct AltoolInvocation: Sendable, Hashable {
    public var file: String
    public var keyID: String
    public var issuerID: String
    /// altool's `-t`: ios, appletvos, macos, visionos.
    public var platform: String
    /// The app's numeric id (`app_id:`). Xcode 26's altool finds the app by bundle id, and gets
    /// it wrong when ids share a prefix (fastlane#29698) or fails to find it at all on 26.2
    /// (fastlane#29820); `--apple-id` spares it the lookup.
    public var appleID: String?

    public init(file: String, keyID: String, issuerID: String, platform: String = "ios", appleID: String? = nil) {
        self.file = file
        self.keyID = keyID
        self.issuerID = issuerID
        self.platform = platform
        self.appleID = appleID
    }

    init(file: String, settings: TestFlightSettings) {
        self.init(
            // The settings refuse altool without a team key's issuer id.
            file: file, keyID: settings.keyID, issuerID: settings.issuerID ?? "", platform: settings.platform, appleID: settings.appID)
    }

    /// The file name altool looks for in `API_PRIVATE_KEYS_DIR`.
    public var keyFileName: String { "AuthKey_\(keyID).p8" }

    public func command(privateKeysDirectory: String) -> ShellCommand {
        ShellCommand(
            "xcrun",
            ["altool", "--upload-app", "-f", file, "-t", platform, "--apiKey", keyID, "--apiIssuer", issuerID]
                + (appleID.map { ["--apple-id", $0] } ?? []),
            environment: ["API_PRIVATE_KEYS_DIR": privateKeysDirectory]
        )
    }

    /// Exit statuses altool ends with when it gave up on the network, not on the build:
    /// -1, -5 and -11 as a byte (fastlane#21535, codemagic cli-tools#435). Worth a retry.
    public static let transientStatuses: Set<Int32> = [255, 251, 245]
}
