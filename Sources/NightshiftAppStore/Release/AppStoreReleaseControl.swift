public import NightshiftServices

/// What happens after submission, for `nightshift appstore status|release|phased`: the state of
/// the app's versions and review submissions on one platform, the release of a version App Review
/// approved for a manual release, and the control of its phased release. Apple's errors arrive as
/// `AppStoreConnectError`, masked; a version in no state for the action is `.notFound`, saying what is.
public struct AppStoreReleaseControl: Sendable {
    typealias R = AppStoreReleaseResources

    public enum PhasedAction: String, Sendable, CaseIterable {
        case pause, resume, complete

        var state: String {
            switch self {
            case .pause: "PAUSED"
            case .resume: "ACTIVE"
            case .complete: "COMPLETE"
            }
        }
    }

    public var client: AppStoreConnectClient
    public var bundleID: String
    public var platform: String

    public init(client: AppStoreConnectClient, bundleID: String, platform: String) {
        self.client = client
        self.bundleID = bundleID
        self.platform = platform
    }

    /// One line per version not yet replaced (its state, build, phased release) and per review
    /// submission in progress (its state and page).
    public func status() async throws -> [String] {
        try await snapshot().lines
    }

    /// What `status()` prints, as values: what `appstore status --notify` compares.
    public func snapshot() async throws -> AppStoreStatus {
        let app = try await client.appID(bundleID: bundleID)
        var status = AppStoreStatus(bundleID: bundleID, platform: platform, appID: app, versions: [], submissions: [])
        for version in try await versions(app) where !Self.finished.contains(version.state.description) {
            let build = try await client.get(R.Build?.self, "v1/appStoreVersions/\(version.id)/build")
            let phased = try await phasedRelease(of: version.id)
            status.versions.append(
                .init(
                    name: version.attributes?.versionString ?? version.id, state: version.state.description,
                    build: build.map { $0.attributes?.version ?? $0.id },
                    phasedRelease: phased.map { $0.attributes?.phasedReleaseState ?? "?" }))
        }
        let submissions = try await client.list(
            R.Submission.self, "v1/reviewSubmissions",
            query: [
                ("filter[app]", app), ("filter[platform]", platform),
                ("filter[state]", "READY_FOR_REVIEW,WAITING_FOR_REVIEW,IN_REVIEW,UNRESOLVED_ISSUES,CANCELING"),
            ])
        for submission in submissions where (submission.attributes?.platform ?? platform) == platform {
            status.submissions.append(.init(id: submission.id, state: submission.attributes?.state ?? "?"))
        }
        return status
    }

    /// Releases the version waiting for the developer (`PENDING_DEVELOPER_RELEASE`).
    public func release() async throws -> String {
        let app = try await client.appID(bundleID: bundleID)
        let versions = try await versions(app)
        guard let pending = versions.first(where: { $0.state == .pendingRelease("PENDING_DEVELOPER_RELEASE") }) else {
            throw AppStoreConnectError(
                .notFound, "no \(platform) version of \(bundleID) is waiting for release (PENDING_DEVELOPER_RELEASE); \(summary(versions))")
        }
        _ = try await client.create(
            R.Created.self, "v1/appStoreVersionReleaseRequests",
            json: [
                "data": [
                    "type": "appStoreVersionReleaseRequests",
                    "relationships": ["appStoreVersion": ["data": ["type": "appStoreVersions", "id": pending.id]]],
                ]
            ])
        return "version \(pending.attributes?.versionString ?? pending.id) (\(platform)) released"
    }

    /// Pauses, resumes or completes the phased release of the newest version that has one not complete.
    public func phased(_ action: PhasedAction) async throws -> String {
        let app = try await client.appID(bundleID: bundleID)
        let versions = try await versions(app)
        for version in versions {
            guard let phased = try await phasedRelease(of: version.id), phased.attributes?.phasedReleaseState != "COMPLETE" else {
                continue
            }
            let updated = try await client.update(
                R.PhasedRelease.self, "v1/appStoreVersionPhasedReleases/\(phased.id)",
                json: [
                    "data": ["type": "appStoreVersionPhasedReleases", "id": phased.id, "attributes": ["phasedReleaseState": action.state]]
                ])
            return "phased release of version \(version.attributes?.versionString ?? version.id) (\(platform)): "
                + (updated.attributes?.phasedReleaseState ?? action.state)
        }
        throw AppStoreConnectError(
            .notFound, "no \(platform) version of \(bundleID) has a phased release in progress; \(summary(versions))")
    }

    /// States after which a version needs nothing more from its developer.
    static let finished: Set = ["REPLACED_WITH_NEW_VERSION"]

    private func versions(_ app: String) async throws -> [R.Version] {
        try await client.list(R.Version.self, "v1/apps/\(app)/appStoreVersions", query: [("filter[platform]", platform)])
            .filter { ($0.attributes?.platform ?? platform) == platform }
    }

    private func phasedRelease(of version: String) async throws -> R.PhasedRelease? {
        try await client.get(R.PhasedRelease?.self, "v1/appStoreVersions/\(version)/appStoreVersionPhasedRelease")
    }

    private func summary(_ versions: [R.Version]) -> String {
        let states = versions.prefix(5).map { "\($0.attributes?.versionString ?? $0.id) is \($0.state)" }
        return states.isEmpty ? "the app has no version on this platform" : states.joined(separator: ", ")
    }
}
