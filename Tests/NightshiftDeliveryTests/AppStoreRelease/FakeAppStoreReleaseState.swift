import Foundation

/// What the fake App Store Connect of the release tests holds: apps, builds, versions per
/// platform, localizations with screenshots, review submissions with items, phased releases.
struct FakeAppStoreReleaseState {
    struct App {
        var id: String
        var bundleID: String
        var contentRights: String? = "DOES_NOT_USE_THIRD_PARTY_CONTENT"
    }

    struct Build {
        var id: String
        var number: String
        var version: String
        var platform = "IOS"
        var processingState = "VALID"
        var expired = false
        var encryption: Bool? = false
        /// GETs of the build left before a PROCESSING one reads VALID.
        var processingReads = 0
    }

    struct Version {
        var id: String
        var platform: String
        var versionString: String
        var state: String
        var buildID: String?
        var releaseType: String? = "AFTER_APPROVAL"
        var earliest: String? = nil
        /// Only the deprecated `appStoreState`, as older answers have it.
        var deprecatedStateOnly = false
    }

    struct Localization {
        var id: String
        var versionID: String
        var locale: String
        var whatsNew: String?
        var screenshots = 3
    }

    struct Submission {
        var id: String
        var platform: String
        var state: String
        /// GETs left before a CANCELING one reads COMPLETE.
        var cancelingReads = 0
    }

    struct Item {
        var id: String
        var submissionID: String
        /// `appStoreVersions` or another type (`appEvents`).
        var type: String
        var relatedID: String
        var state = "READY_FOR_REVIEW"
    }

    struct Phased {
        var id: String
        var versionID: String
        var state = "INACTIVE"
    }

    var apps: [App] = []
    var builds: [Build] = []
    var versions: [Version] = []
    var localizations: [Localization] = []
    var submissions: [Submission] = []
    var items: [Item] = []
    var phased: [Phased] = []
    private var counter = 1000

    mutating func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)-\(counter)"
    }

    /// An app `com.example.app` (and a longer `com.example.app.widgets`), build 412 of 3.2.0 on
    /// iOS (and a tvOS build 412), a released iOS 3.1.0 with two locales and an editable tvOS
    /// draft beside it.
    static func standard() -> FakeAppStoreReleaseState {
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

    func versions(of platform: String) -> [Version] { versions.filter { $0.platform == platform } }

    static let openSubmissionStates: Set = ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW", "UNRESOLVED_ISSUES", "CANCELING"]
}
