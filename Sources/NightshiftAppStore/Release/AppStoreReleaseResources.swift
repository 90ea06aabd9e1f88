import NightshiftServices

/// The resources the `release:` step reads, as Apple's OpenAPI document names them. Every
/// attribute and relationship is optional and unknown ones are ignored: Apple has stopped sending
/// a relationship before (codemagic cli-tools#481) and keeps deprecated fields beside new ones.
enum AppStoreReleaseResources {
    // Most are read for their id and attributes alone: `JSONAPI.Resource` of their attributes.
    typealias App = JSONAPI.Resource<AppAttributes>

    struct AppAttributes: Decodable, Sendable {
        var bundleId: String?
        var contentRightsDeclaration: String?
    }

    typealias Build = JSONAPI.Resource<BuildAttributes>

    struct BuildAttributes: Decodable, Sendable {
        var version: String?
        var processingState: String?
        var expired: Bool?
        var usesNonExemptEncryption: Bool?
    }

    typealias PreReleaseVersion = JSONAPI.Resource<PreReleaseVersionAttributes>

    struct PreReleaseVersionAttributes: Decodable, Sendable {
        var version: String?
        var platform: String?
    }

    typealias Version = JSONAPI.Resource<VersionAttributes>

    struct VersionAttributes: Decodable, Sendable {
        var platform: String?
        var versionString: String?
        var appVersionState: String?
        /// Deprecated (API 1.2–3.7), read only when `appVersionState` is absent.
        var appStoreState: String?
        var releaseType: String?
        var earliestReleaseDate: String?
    }

    typealias Localization = JSONAPI.Resource<LocalizationAttributes>

    struct LocalizationAttributes: Decodable, Sendable {
        var locale: String?
        var whatsNew: String?
    }

    struct ScreenshotSet: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var screenshotDisplayType: String?
        }

        struct Relationships: Decodable, Sendable {
            var appScreenshots: JSONAPI.ToMany?
        }

        var id: String
        var attributes: Attributes?
        var relationships: Relationships?
    }

    typealias Submission = JSONAPI.Resource<SubmissionAttributes>

    struct SubmissionAttributes: Decodable, Sendable {
        var platform: String?
        var state: String?
    }

    struct SubmissionItem: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var state: String?
        }

        struct Relationships: Decodable, Sendable {
            var appStoreVersion: JSONAPI.ToOne?
            var appEvent: JSONAPI.ToOne?
            var appCustomProductPageVersion: JSONAPI.ToOne?
            var appStoreVersionExperiment: JSONAPI.ToOne?
            var appStoreVersionExperimentV2: JSONAPI.ToOne?
        }

        var id: String
        var attributes: Attributes?
        var relationships: Relationships?

        /// The version this item submits, when it is one.
        var versionID: String? { relationships?.appStoreVersion?.data?.id }

        /// `appStoreVersion 123`, `appEvent 9`, or the item's own id when Apple named nothing.
        var described: String {
            let related = [
                relationships?.appStoreVersion, relationships?.appEvent, relationships?.appCustomProductPageVersion,
                relationships?.appStoreVersionExperiment, relationships?.appStoreVersionExperimentV2,
            ].compactMap { $0?.data }.first
            return related.map { "\($0.type) \($0.id)" } ?? "reviewSubmissionItems \(id)"
        }
    }

    /// What a create answers with, when only its id is read (a release request).
    struct Created: Decodable, Sendable {
        var id: String
    }

    typealias PhasedRelease = JSONAPI.Resource<PhasedReleaseAttributes>

    struct PhasedReleaseAttributes: Decodable, Sendable {
        var phasedReleaseState: String?
    }
}

extension JSONAPI.Resource where Attributes == AppStoreReleaseResources.VersionAttributes {
    var state: AppStoreVersionState {
        AppStoreVersionState(current: attributes?.appVersionState, deprecated: attributes?.appStoreState)
    }
}
