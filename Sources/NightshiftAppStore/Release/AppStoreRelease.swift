import NightshiftEngine
import NightshiftServices
import NightshiftSystem

/// The `release:` step's work on App Store Connect: the plan read with GET requests (printed),
/// refused as a whole when Apple would refuse any part, then carried out unless this is a dry
/// run. A version already waiting for review with this build is success.
struct AppStoreRelease: Sendable {
    var client: AppStoreConnectClient
    var clock: any WallClock
    var journal: StepJournalNotes
    var isDryRun: Bool
    var log: @Sendable (String) async -> Void

    /// nil when nothing was written (a dry run, or the version already submitted).
    func run(_ request: AppStoreReleaseRequest) async throws -> AppStoreReleaseOutcome? {
        let planner = AppStoreReleasePlanner(client: client, clock: clock, waitsForProcessing: !isDryRun, log: log)
        let plan = try await planner.plan(request)
        for line in plan.lines { await log(line) }
        if plan.alreadySubmitted != nil { return nil }
        guard plan.problems.isEmpty else {
            let count = plan.problems.count
            throw AppStoreReleaseError(
                "App Store Connect would refuse this release (\(count) problem\(count == 1 ? "" : "s"), nothing was changed):\n"
                    + plan.problems.map { "  - \($0)" }.joined(separator: "\n"))
        }
        if isDryRun { return nil }
        let outcome = try await AppStoreReleaseWrites(client: client, clock: clock, journal: journal, log: log).carryOut(plan)
        await log(
            "review submission: https://appstoreconnect.apple.com/apps/\(plan.appID)/appstore/reviewsubmissions/details/\(outcome.submissionID)"
        )
        return outcome
    }
}
