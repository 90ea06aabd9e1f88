import NightshiftServices

/// The resources the `release:` step reads, as Apple's OpenAPI document names them. Every
/// attribute and relationship is optional and unknown ones are ignored: Apple has stopped sending
/// a relationship before (codemagic cli-tools#481) and keeps deprecated fields beside new ones.
enum AppStoreReleaseResources {
    struct App: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var bundleId: String?
            var contentRightsDeclaration: String?
        }

        var id: String
        var attributes: Attributes?
    }

    struct Build: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var version: String?
            var processingState: String?
            var expired: Bool?
            var usesNonExemptEncryption: Bool?
        }

        var id: String
        var attributes: Attributes?
    }

    struct PreReleaseVersion: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var version: String?
            var platform: String?
        }

        var id: String
        var attributes: Attributes?
    }

    struct Version: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var platform: String?
            var versionString: String?
            var appVersionState: String?
            /// Deprecated (API 1.2–3.7), read only when `appVersionState` is absent.
            var appStoreState: String?
            var releaseType: String?
            var earliestReleaseDate: String?
        }

        var id: String
        var attributes: Attributes?

        var state: AppStoreVersionState {
            AppStoreVersionState(current: attributes?.appVersionState, deprecated: attributes?.appStoreState)
        }
    }

    struct Localization: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var locale: String?
            var whatsNew: String?
        }

        var id: String
        var attributes: Attributes?
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

    struct Submission: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var platform: String?
            var state: String?
        }

        var id: String
        var attributes: Attributes?
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

    struct PhasedRelease: Decodable, Sendable {
        struct Attributes: Decodable, Sendable {
            var phasedReleaseState: String?
        }

        var id: String
        var attributes: Attributes?
    }
}
