import Foundation
import NightshiftCore
import NightshiftServices
import NightshiftSystem

/// `submitted: true` on the review submission. Right after its build and fields change, Apple
/// may answer 409 "Version is not ready to be submitted yet, please try again later" while it
/// processes the version (fastlane#21510, #20065; fastlane polls 10 × 15 s). Then the version's
/// state is read and logged, and the submission asked again after `poll` on the lane's clock,
/// for at most `timeout`; any other refusal is Apple's, explained (`AppStoreReleaseRefusal`).
struct AppStoreReleaseSubmit: Sendable {
    var client: AppStoreConnectClient
    var clock: any WallClock
    var log: @Sendable (String) async -> Void
    var poll: Duration = .seconds(15)
    var timeout: Duration = .seconds(5 * 60)

    func submit(_ submission: String, version: String, named name: String) async throws {
        var waited: Duration = .zero
        while true {
            do {
                try await AppStoreReleaseRefusal.explaining {
                    try await client.send(
                        "PATCH", "v1/reviewSubmissions/\(submission)",
                        json: ["data": ["type": "reviewSubmissions", "id": submission, "attributes": ["submitted": true]]])
                }
                return
            } catch let error as AppStoreReleaseError where error.apple.map(Self.isNotReady) == true {
                let state = try await client.get(AppStoreReleaseResources.Version.self, "v1/appStoreVersions/\(version)").state
                guard waited < timeout else {
                    throw AppStoreReleaseError(
                        "version \(name) is still not ready to be submitted after \(DurationFormatting.exact(timeout)) (it is \(state)): "
                            + "Apple is still processing it; run the step again later, it continues from here",
                        reason: .uploadUnavailable, apple: error.apple)
                }
                await log(
                    "App Store Connect: version \(name) is not ready to be submitted yet (it is \(state)); "
                        + "waiting for Apple to finish processing it, asking again in \(DurationFormatting.exact(poll))")
                try await clock.sleep(for: poll)
                waited += poll
            }
        }
    }

    /// Apple's words for a version it is still processing.
    static func isNotReady(_ error: AppStoreConnectError) -> Bool {
        (error.errors + error.errors.flatMap(\.associatedErrors)).flatMap { [$0.detail, $0.title] }.compactMap { $0 }
            .contains { $0.range(of: "not ready to be submitted", options: .caseInsensitive) != nil }
    }
}
