/// `archive: { build_number: { from: appstoreconnect }, version: "${version}", endpoint: URL }`:
/// what the archive is numbered with, passed to xcodebuild as build settings so the project is
/// never edited. The bare `archive` has none of it and builds with the project's own numbers.
public struct ArchiveStepSettings: Sendable, Hashable {
    /// Where `CURRENT_PROJECT_VERSION` comes from; nil: the project's.
    public var buildNumber: BuildNumberSetting?
    /// `MARKETING_VERSION`; nil: the project's.
    public var version: Template?
    /// App Store Connect's API root for `from: appstoreconnect`; nil: `APP_STORE_CONNECT_ENDPOINT`,
    /// else Apple's.
    public var endpoint: Template?

    public init(buildNumber: BuildNumberSetting? = nil, version: Template? = nil, endpoint: Template? = nil) {
        self.buildNumber = buildNumber
        self.version = version
        self.endpoint = endpoint
    }

    /// The templates the step reads, for the variables it needs and its fingerprint. The build
    /// number's variable is not among them: the number is recorded in the journal and a
    /// resumed run reuses it, whatever the variable says by then.
    public var keyedTemplates: [(String, Template)] {
        [("version", version), ("endpoint", endpoint)].compactMap { key, value in value.map { (key, $0) } }
    }
}

/// `build_number: { from: … }`.
public enum BuildNumberSetting: Sendable, Hashable {
    /// One above every build and build upload App Store Connect holds for the app.
    case appStoreConnect
    /// The commit count of `HEAD`.
    case git
    /// A variable's value; nil: the CI's own build number (Jenkins' `BUILD_NUMBER`, …).
    case environment(variable: String?)

    /// What `from:` says.
    public var source: String {
        switch self {
        case .appStoreConnect: "appstoreconnect"
        case .git: "git"
        case .environment: "env"
        }
    }

    public static let sources = ["appstoreconnect", "git", "env"]
}
