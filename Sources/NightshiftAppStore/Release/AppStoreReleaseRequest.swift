/// What a `release:` step asks for, resolved from lanes.yml and the run: which app, platform,
/// build and version, and what to set on the version before it goes to review.
struct AppStoreReleaseRequest: Sendable, Hashable {
    enum BuildChoice: Sendable, Hashable {
        /// The build a step of this run uploaded (its id, from the journal).
        case id(String)
        /// `build: "412"`: the build number.
        case number(String)
        /// `build: latest` (and no `build:`): the newest VALID, unexpired build of the version.
        case latest
    }

    enum WhatsNew: Sendable, Hashable {
        case none
        /// One text for every locale the version has.
        case everyLocale(String)
        case perLocale([String: String])
    }

    enum ReleaseType: Sendable, Hashable {
        case manual
        case afterApproval
        /// `earliest_release`: ISO 8601, hour precision.
        case scheduled(earliest: String)

        var apple: String {
            switch self {
            case .manual: "MANUAL"
            case .afterApproval: "AFTER_APPROVAL"
            case .scheduled: "SCHEDULED"
            }
        }

        var earliest: String? {
            if case .scheduled(let date) = self { date } else { nil }
        }
    }

    var bundleID: String
    /// `IOS`, `MAC_OS`, `TV_OS`, `VISION_OS`.
    var platform: String
    var build: BuildChoice = .latest
    /// `version:`; nil: the build's own (`preReleaseVersion`).
    var version: String?
    var whatsNew: WhatsNew = .none
    var releaseType: ReleaseType?
    /// nil: left as it is.
    var phased: Bool?
    /// `encryption:`: the export-compliance answer for a build that has none.
    var encryption: Bool?
    /// false: everything prepared, nothing submitted.
    var submit = true
    /// Take a submission waiting for review out of review first.
    var cancelPrevious = false
}
