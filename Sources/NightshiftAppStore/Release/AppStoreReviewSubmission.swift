import Foundation
import NightshiftServices

/// The review submission that carries the version: the open one the plan reuses, or a new one;
/// then the version added as its item unless it is there already. A platform has one open
/// submission: when a create is refused with "There is another reviewSubmissions with id … still
/// in progress" (fastlane#21482), that one is adopted if it holds nothing but this version.
struct AppStoreReviewSubmission: Sendable {
    typealias R = AppStoreReleaseResources

    var client: AppStoreConnectClient
    var plan: AppStoreReleasePlan
    var version: String

    /// The submission's id, holding the version; `journal` records the id before the item is added.
    func prepare(journal: (String) async -> Void) async throws -> String {
        var holdsVersion = false
        let id: String
        switch plan.submission {
        case .reuse(let reused, let holds):
            id = reused
            holdsVersion = holds
        case .create:
            id = try await create()
        }
        await journal(id)
        if !holdsVersion {
            // Read again: an interrupted run may have added the item already.
            let items = try await AppStoreReviewSubmissionItems(client: client).items(of: id)
            let foreign = items.filter { $0.versionID != version }
            if !foreign.isEmpty {
                throw AppStoreReleaseError(
                    "review submission \(id) holds items nightshift did not add (\(foreign.map(\.described).joined(separator: ", "))): it is left untouched"
                )
            }
            holdsVersion = !items.isEmpty
        }
        if !holdsVersion { try await addItem(to: id) }
        return id
    }

    private func create() async throws -> String {
        do {
            return try await client.create(
                R.Submission.self, "v1/reviewSubmissions",
                json: [
                    "data": [
                        "type": "reviewSubmissions", "attributes": ["platform": plan.platform],
                        "relationships": ["app": ["data": ["type": "apps", "id": plan.appID]]],
                    ]
                ]
            ).id
        } catch let error as AppStoreConnectError {
            guard let other = Self.submission(in: error, after: "There is another reviewSubmissions with id ") else { throw error }
            return other
        }
    }

    private func addItem(to submission: String) async throws {
        do {
            try await AppStoreReleaseRefusal.explaining {
                _ = try await client.create(
                    R.SubmissionItem.self, "v1/reviewSubmissionItems",
                    json: [
                        "data": [
                            "type": "reviewSubmissionItems",
                            "relationships": [
                                "reviewSubmission": ["data": ["type": "reviewSubmissions", "id": submission]],
                                "appStoreVersion": ["data": ["type": "appStoreVersions", "id": version]],
                            ],
                        ]
                    ])
            }
        } catch let error as AppStoreReleaseError {
            // asc's case: the version sits in a submission already; in this one, that is done.
            guard let other = error.apple.flatMap({ Self.submission(in: $0, after: "already added to another reviewSubmission with id ") }),
                other == submission
            else { throw error }
        }
    }

    /// The submission id Apple names in an error's text after `prefix`.
    static func submission(in error: AppStoreConnectError, after prefix: String) -> String? {
        let texts =
            (error.errors + error.errors.flatMap(\.associatedErrors)).flatMap { [$0.detail, $0.title] }.compactMap { $0 } + [error.message]
        for text in texts {
            guard let range = text.range(of: prefix, options: .caseInsensitive) else { continue }
            let id = text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            if !id.isEmpty { return String(id) }
        }
        return nil
    }
}

/// A submission's items, read the same way by the plan and the writes.
struct AppStoreReviewSubmissionItems: Sendable {
    var client: AppStoreConnectClient

    func items(of submission: String) async throws -> [AppStoreReleaseResources.SubmissionItem] {
        try await client.list(
            AppStoreReleaseResources.SubmissionItem.self, "v1/reviewSubmissions/\(submission)/items",
            query: [("include", "appStoreVersion")]
        ).filter { $0.attributes?.state != "REMOVED" }
    }
}
