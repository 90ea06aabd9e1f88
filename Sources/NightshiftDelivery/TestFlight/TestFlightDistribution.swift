import Foundation
import NightshiftCore
import NightshiftSchema
import NightshiftServices

/// What TestFlight does with a processed build, as fastlane's `upload_to_testflight` users
/// expect: What to Test (`notes:`), beta groups by name (`groups:`), external review
/// (`submit_for_review:`).
struct TestFlightDistribution {
    typealias Resources = AppStoreConnectResources

    var client: AppStoreConnectClient
    var settings: TestFlightSettings
    var app: String
    var log: @Sendable (String) async -> Void

    /// Applies the settings to the processed `build`; `groups` comes from `groupIDs()`, asked
    /// before the upload so that a misspelt group fails before any byte is sent.
    func apply(to build: String, groups: [(String, String)]) async throws {
        if let notes = settings.notes { try await setWhatToTest(notes, build: build) }
        for (name, id) in groups {
            try await client.send(
                "POST", "v1/betaGroups/\(id)/relationships/builds", json: ["data": [["type": "builds", "id": build]]])
            await log("build \(build) added to beta group \(name)")
        }
        if settings.submitForReview {
            let body: [String: Any] = [
                "data": [
                    "type": "betaAppReviewSubmissions",
                    "relationships": ["build": ["data": ["type": "builds", "id": build]]],
                ]
            ]
            try await client.send("POST", "v1/betaAppReviewSubmissions", json: body)
            await log("build \(build) submitted for beta app review")
        }
    }

    /// `betaBuildLocalizations`: the locale's entry is changed when it exists, made when not.
    private func setWhatToTest(_ notes: String, build: String) async throws {
        let existing = try await client.list(
            Resources.Named.self, "v1/builds/\(build)/betaBuildLocalizations", query: [("fields[betaBuildLocalizations]", "locale")]
        ).first { $0.attributes?.locale == settings.locale }
        if let existing {
            let body: [String: Any] = [
                "data": ["type": "betaBuildLocalizations", "id": existing.id, "attributes": ["whatToTest": notes]]
            ]
            try await client.send("PATCH", "v1/betaBuildLocalizations/\(existing.id)", json: body)
        } else {
            let body: [String: Any] = [
                "data": [
                    "type": "betaBuildLocalizations", "attributes": ["whatToTest": notes, "locale": settings.locale],
                    "relationships": ["build": ["data": ["type": "builds", "id": build]]],
                ]
            ]
            try await client.send("POST", "v1/betaBuildLocalizations", json: body)
        }
        await log("What to Test set for \(settings.locale) (\(notes.count) characters)")
    }

    /// The groups named in `groups:`, in that order; an unknown name fails, listing the app's groups.
    func groupIDs() async throws -> [(String, String)] {
        guard !settings.groups.isEmpty else { return [] }
        let groups = try await client.list(
            Resources.Named.self, "v1/betaGroups", query: [("filter[app]", app), ("fields[betaGroups]", "name")])
        let byName = Dictionary(groups.compactMap { group in group.attributes?.name.map { ($0, group.id) } }) { first, _ in first }
        let unknown = settings.groups.filter { byName[$0] == nil }
        guard unknown.isEmpty else {
            let known = byName.keys.sorted()
            throw UploadError(
                .testflight,
                "no beta group named \(unknown.map { "'\($0)'" }.joined(separator: ", ")) in App Store Connect; the app has "
                    + (known.isEmpty ? "no beta groups" : known.joined(separator: ", ")),
                reason: .invalidSetting)
        }
        return settings.groups.compactMap { name in byName[name].map { (name, $0) } }
    }
}
