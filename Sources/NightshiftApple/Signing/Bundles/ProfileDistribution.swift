/// Which kind of distribution a profile is for, read from what it holds (Apple writes no field
/// for it): devices listed, every device, `get-task-allow`.
public enum ProfileDistribution: String, Sendable, Hashable {
    case appStore = "App Store"
    case adHoc = "Ad Hoc"
    case enterprise = "In-House"
    case development = "Development"
    case developerID = "Developer ID"

    public init(_ profile: ProvisioningProfile) {
        if profile.allowsDebugging {
            self = .development
        } else if profile.provisionsAllDevices {
            self = profile.isForMac ? .developerID : .enterprise
        } else if profile.provisionedDeviceCount > 0 {
            self = .adHoc
        } else {
            self = .appStore
        }
    }

    /// The kinds an ExportOptions `method` signs with; nil when any will do (a method that does
    /// not re-sign, or one nightshift does not know).
    public static func accepted(byExportMethod method: String) -> Set<ProfileDistribution>? {
        switch method {
        case "app-store", "app-store-connect", "package": [.appStore]
        case "ad-hoc", "release-testing": [.adHoc]
        case "enterprise": [.enterprise]
        case "development", "debugging": [.development]
        case "developer-id": [.developerID]
        default: nil
        }
    }
}
