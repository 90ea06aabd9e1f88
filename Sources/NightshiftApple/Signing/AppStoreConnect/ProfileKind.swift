/// The kind of provisioning profile a configuration needs, from its export method and the
/// platform its targets build for, and the certificates such a profile takes. Names are Apple's
/// (`ProfileType` and `CertificateType` in the App Store Connect API).
public struct ProfileKind: Sendable, Hashable {
    /// `IOS_APP_STORE`, `IOS_APP_ADHOC`, `MAC_APP_DIRECT`, …
    public var profileType: String
    /// The certificate types that can sign with such a profile, the one nightshift creates first.
    public var certificateTypes: [String]
    /// Development and ad-hoc profiles list the devices they install on.
    public var needsDevices: Bool
    /// `IOS`, `MAC_OS`: the portal's platform, for the devices.
    public var devicePlatform: String

    /// Certificate types the API cannot create (Apple: "You can only create Developer ID
    /// certificates for macOS through the Apple Developer website or Xcode"): the Account Holder
    /// makes them.
    public static let accountHolderOnly: Set<String> = [
        "DEVELOPER_ID_APPLICATION", "DEVELOPER_ID_APPLICATION_G2", "DEVELOPER_ID_KEXT", "DEVELOPER_ID_KEXT_G2",
    ]

    /// The kind for `exportMethod` (ExportOptions.plist's names, old and new) on `platform`
    /// (`PLATFORM_NAME`: iphoneos, watchos, appletvos, xros, macosx); nil when the API makes no
    /// profile for it (`validation`, `package`).
    public static func kind(exportMethod: String, platform: String) -> ProfileKind? {
        let family = Family(platform: platform)
        switch exportMethod {
        case "app-store", "app-store-connect":
            return ProfileKind(
                profileType: family.prefix + "_APP_STORE", certificateTypes: family.distribution, needsDevices: false,
                devicePlatform: family.devices)
        case "ad-hoc", "release-testing":
            guard family != .mac else { return nil }
            return ProfileKind(
                profileType: family.prefix + "_APP_ADHOC", certificateTypes: family.distribution, needsDevices: true,
                devicePlatform: family.devices)
        case "enterprise":
            guard family != .mac else { return nil }
            return ProfileKind(
                profileType: family.prefix + "_APP_INHOUSE", certificateTypes: family.distribution, needsDevices: false,
                devicePlatform: family.devices)
        case "development", "debugging":
            return ProfileKind(
                profileType: family.prefix + "_APP_DEVELOPMENT", certificateTypes: family.development, needsDevices: true,
                devicePlatform: family.devices)
        case "developer-id":
            guard family == .mac else { return nil }
            return ProfileKind(
                profileType: "MAC_APP_DIRECT", certificateTypes: ["DEVELOPER_ID_APPLICATION_G2", "DEVELOPER_ID_APPLICATION"],
                needsDevices: false,
                devicePlatform: family.devices)
        case "mac-application":
            guard family == .mac else { return nil }
            return ProfileKind(
                profileType: "MAC_APP_STORE", certificateTypes: family.distribution, needsDevices: false, devicePlatform: family.devices)
        default:
            return nil
        }
    }

    /// The type nightshift asks for when it must create a certificate.
    public var certificateTypeToCreate: String { certificateTypes[0] }

    /// Whether the API may create the certificate this profile needs.
    public var apiCreatesCertificate: Bool { !Self.accountHolderOnly.contains(certificateTypeToCreate) }

    /// Watch apps and their extensions sign with iOS profiles; Mac Catalyst is not told apart
    /// here (its targets report macosx with a Catalyst variant).
    private enum Family {
        case iOS, tvOS, mac

        init(platform: String) {
            switch platform {
            case "macosx": self = .mac
            case "appletvos": self = .tvOS
            default: self = .iOS
            }
        }

        var prefix: String {
            switch self {
            case .iOS: "IOS"
            case .tvOS: "TVOS"
            case .mac: "MAC"
            }
        }

        var devices: String { self == .mac ? "MAC_OS" : "IOS" }

        /// Apple Distribution first: one certificate for every platform since Xcode 11.
        var distribution: [String] {
            switch self {
            case .iOS, .tvOS: ["DISTRIBUTION", "IOS_DISTRIBUTION"]
            case .mac: ["DISTRIBUTION", "MAC_APP_DISTRIBUTION"]
            }
        }

        var development: [String] {
            switch self {
            case .iOS, .tvOS: ["DEVELOPMENT", "IOS_DEVELOPMENT"]
            case .mac: ["DEVELOPMENT", "MAC_APP_DEVELOPMENT"]
            }
        }
    }
}
