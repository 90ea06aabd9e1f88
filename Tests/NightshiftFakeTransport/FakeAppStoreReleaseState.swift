/// What the fake App Store Connect of the release tests holds: apps, builds, versions per
/// platform, localizations with screenshots, review submissions with items, phased releases,
/// export compliance declarations and the age rating questionnaire.
public struct FakeAppStoreReleaseState: Sendable {
    public struct App: Sendable {
        public var id: String
        public var bundleID: String
        public var contentRights: String?
        /// The age rating questionnaire's answers: a nil value is a question not answered yet.
        public var ageRating: [String: String?]

        public init(
            id: String, bundleID: String, contentRights: String? = "DOES_NOT_USE_THIRD_PARTY_CONTENT",
            ageRating: [String: String?] = FakeAppStoreReleaseState.answeredAgeRating
        ) {
            self.id = id
            self.bundleID = bundleID
            self.contentRights = contentRights
            self.ageRating = ageRating
        }
    }

    public struct Build: Sendable {
        public var id: String
        public var number: String
        public var version: String
        public var platform: String
        public var processingState: String
        public var expired: Bool
        public var encryption: Bool?
        /// GETs of the build left before a PROCESSING one reads VALID.
        public var processingReads: Int
        /// The export compliance declaration linked to it.
        public var declarationID: String?

        public init(
            id: String, number: String, version: String, platform: String = "IOS", processingState: String = "VALID",
            expired: Bool = false, encryption: Bool? = false, processingReads: Int = 0
        ) {
            self.id = id
            self.number = number
            self.version = version
            self.platform = platform
            self.processingState = processingState
            self.expired = expired
            self.encryption = encryption
            self.processingReads = processingReads
        }
    }

    public struct Version: Sendable {
        public var id: String
        public var platform: String
        public var versionString: String
        public var state: String
        public var buildID: String?
        public var releaseType: String?
        public var earliest: String?
        /// Only the deprecated `appStoreState`, as older answers have it.
        public var deprecatedStateOnly: Bool

        public init(
            id: String, platform: String, versionString: String, state: String, buildID: String?, releaseType: String? = "AFTER_APPROVAL",
            earliest: String? = nil, deprecatedStateOnly: Bool = false
        ) {
            self.id = id
            self.platform = platform
            self.versionString = versionString
            self.state = state
            self.buildID = buildID
            self.releaseType = releaseType
            self.earliest = earliest
            self.deprecatedStateOnly = deprecatedStateOnly
        }
    }

    public struct Localization: Sendable {
        public var id: String
        public var versionID: String
        public var locale: String
        public var whatsNew: String?
        public var screenshots: Int

        public init(id: String, versionID: String, locale: String, whatsNew: String?, screenshots: Int = 3) {
            self.id = id
            self.versionID = versionID
            self.locale = locale
            self.whatsNew = whatsNew
            self.screenshots = screenshots
        }
    }

    public struct Submission: Sendable {
        public var id: String
        public var platform: String
        public var state: String
        /// GETs left before a CANCELING one reads COMPLETE.
        public var cancelingReads: Int

        public init(id: String, platform: String, state: String, cancelingReads: Int = 0) {
            self.id = id
            self.platform = platform
            self.state = state
            self.cancelingReads = cancelingReads
        }
    }

    public struct Item: Sendable {
        public var id: String
        public var submissionID: String
        /// `appStoreVersions` or another type (`appEvents`).
        public var type: String
        public var relatedID: String
        public var state: String

        public init(id: String, submissionID: String, type: String, relatedID: String, state: String = "READY_FOR_REVIEW") {
            self.id = id
            self.submissionID = submissionID
            self.type = type
            self.relatedID = relatedID
            self.state = state
        }
    }

    public struct Phased: Sendable {
        public var id: String
        public var versionID: String
        public var state: String

        public init(id: String, versionID: String, state: String = "INACTIVE") {
            self.id = id
            self.versionID = versionID
            self.state = state
        }
    }

    /// An export compliance declaration of the app (`appEncryptionDeclarations`).
    public struct Declaration: Sendable {
        public var id: String
        public var platform: String
        /// `CREATED`, `IN_REVIEW`, `APPROVED`, `REJECTED`, `INVALID`, `EXPIRED`.
        public var state: String

        public init(id: String, platform: String = "IOS", state: String = "APPROVED") {
            self.id = id
            self.platform = platform
            self.state = state
        }
    }

    public var apps: [App] = []
    public var builds: [Build] = []
    public var versions: [Version] = []
    public var localizations: [Localization] = []
    public var submissions: [Submission] = []
    public var items: [Item] = []
    public var phased: [Phased] = []
    public var declarations: [Declaration] = []
    /// `submitted: true` answers 409 "not ready to be submitted yet" this many times first,
    /// as Apple does while it processes a version just changed (fastlane#21510).
    public var notReadySubmits = 0
    private var counter = 1000

    public init() {}

    public mutating func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)-\(counter)"
    }

    /// Every question of the age rating questionnaire answered, as a few of Apple's attributes.
    public static let answeredAgeRating: [String: String?] = [
        "violenceCartoonOrFantasy": "NONE", "gambling": "false", "unrestrictedWebAccess": "false", "messagingAndChat": "false",
        "ageRatingOverride": nil,
    ]

    /// An app `com.example.app` (and a longer `com.example.app.widgets`), build 412 of 3.2.0 on
    /// iOS (and a tvOS build 412), a released iOS 3.1.0 with two locales and an editable tvOS
    /// draft beside it.
    public static func standard() -> FakeAppStoreReleaseState {
        var state = FakeAppStoreReleaseState()
        state.apps = [App(id: "app-widgets", bundleID: "com.example.app.widgets"), App(id: "app-1", bundleID: "com.example.app")]
        state.builds = [
            Build(id: "build-411", number: "411", version: "3.1.0"),
            Build(id: "build-412", number: "412", version: "3.2.0", encryption: nil),
            Build(id: "build-tv-412", number: "412", version: "3.2.0", platform: "TV_OS"),
        ]
        state.versions = [
            Version(id: "ver-310", platform: "IOS", versionString: "3.1.0", state: "READY_FOR_DISTRIBUTION", buildID: "build-411"),
            Version(id: "ver-tv-draft", platform: "TV_OS", versionString: "3.2.0", state: "PREPARE_FOR_SUBMISSION", buildID: nil),
        ]
        state.localizations = [
            Localization(id: "loc-310-en", versionID: "ver-310", locale: "en-US", whatsNew: "Old notes."),
            Localization(id: "loc-310-de", versionID: "ver-310", locale: "de-DE", whatsNew: "Alte Notizen."),
            Localization(id: "loc-tv-en", versionID: "ver-tv-draft", locale: "en-US", whatsNew: nil),
        ]
        return state
    }

    public func versions(of platform: String) -> [Version] { versions.filter { $0.platform == platform } }

    public static let openSubmissionStates: Set = [
        "READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW", "UNRESOLVED_ISSUES", "CANCELING",
    ]
}
