/// The kind of build an ExportOptions.plist `method` produces. Xcode 15.3 renamed three methods
/// (`app-store-connect`, `release-testing`, `debugging`) and kept the old names as aliases, so
/// either spelling is the same build; the plist keeps the one the user wrote.
public enum ExportDistribution: Sendable, Hashable {
    case appStore
    case adHoc
    case enterprise
    case development
    /// `validation`, `developer-id`, `mac-application`, `package`: nothing a tester installs.
    case other

    /// Nil for a method Xcode does not know (the loader reports those).
    public init?(method: String) {
        switch method {
        case "app-store", "app-store-connect": self = .appStore
        case "ad-hoc", "release-testing": self = .adHoc
        case "enterprise": self = .enterprise
        case "development", "debugging": self = .development
        case "validation", "developer-id", "mac-application", "package": self = .other
        default: return nil
        }
    }

    /// "an App Store build", for messages.
    public var description: String {
        switch self {
        case .appStore: "an App Store build"
        case .adHoc: "an ad-hoc build"
        case .enterprise: "an enterprise build"
        case .development: "a development build"
        case .other: "not a build testers install"
        }
    }
}
