import Foundation
import NightshiftCore
import NightshiftDelivery
import NightshiftEngine
import NightshiftScheduling
import NightshiftSystem

/// `notify:` once the lanes of a run have ended (failed or interrupted ones too): each lane that
/// ran tells whom its own `notify:`, else the file's, names. A lane that never started tells no
/// one. Sending is Delivery's (`LaneNotifier`); this wires it to the run history, the journal
/// and the CI engine, which Delivery must not know.
///
/// An interrupted lane (SIGINT, SIGTERM, SIGHUP: a person or the CI engine stopped it) meets
/// `always` only, with one attempt of at most `interruptedAttemptTimeout`: the process was asked
/// to stop, and Jenkins kills it a few seconds after asking.
extension CommandContext {
    static let interruptedAttemptTimeout: Duration = .seconds(5)

    /// Never changes the exit status: a notification that is not sent is a warning on stderr.
    /// A dry run sends nothing and reads no history: it shows, masked, what each destination
    /// would be sent for the outcome the dry run had, never the URL.
    func notify(_ results: [LaneResult], of file: LanesFile, in environment: EnvironmentVariables, dryRun: Bool) async {
        let lanes = results.compactMap { result -> (LaneResult, Lane, [NotificationTarget])? in
            guard result.status != .notRun, let lane = file.lane(named: result.lane) else { return nil }
            let targets = file.notifications(for: lane)
            return targets.isEmpty ? nil : (result, lane, targets)
        }
        guard !lanes.isEmpty else { return }
        for (result, lane, targets) in lanes {
            guard !dryRun else {
                let summary = laneRunSummary(result, of: lane, previousRunFailed: false, in: environment)
                output.out(LaneNotifier.dryRunLines(summary, targets: targets, secrets: secrets).map { $0 + "\n" }.joined())
                continue
            }
            let previous = await previousOutcome(recording: result)
            let summary = laneRunSummary(result, of: lane, previousRunFailed: previous == .failed, in: environment)
            var notifier = LaneNotifier(transport: self.environment.makeTransport(), clock: clock)
            if result.status == .interrupted { notifier.attemptTimeout = Self.interruptedAttemptTimeout }
            let warnings = await notifier.notify(summary, targets: targets, in: environment, secrets: secrets) { [output] line in
                output.err("notify: \(line)\n")
            }
            for warning in warnings { tell(.warning(warning, at: nil)) }
        }
    }

    private func laneRunSummary(
        _ result: LaneResult, of lane: Lane, previousRunFailed: Bool, in environment: EnvironmentVariables
    ) -> LaneRunSummary {
        LaneRunSummary(
            result: result, configuration: lane.configuration, previousRunFailed: previousRunFailed,
            commit: ci.commit(in: environment) ?? RunJournal.commit(inRunFolder: result.logFolder),
            buildURL: ci.engine == .jenkins ? environment["BUILD_URL"].flatMap { $0.isEmpty ? nil : $0 } : nil)
    }

    /// The lane's previous outcome in the run history, then this run's recorded in its place (an
    /// interrupted run records none: it neither failed nor passed). The history is created when
    /// it does not exist; one that cannot be used is a warning, and the lane then counts as not
    /// having failed before.
    private func previousOutcome(recording result: LaneResult) async -> SQLiteRunHistory.LaneOutcome? {
        do {
            let history = try SQLiteRunHistory(path: historyPath, recovery: historyRecovery)
            let previous = try await history.latestOutcome(lane: result.lane)
            switch result.status {
            case .passed, .passedWithWarnings:
                try await history.recordOutcome(.passed, lane: result.lane, runID: result.runID, at: clock.now)
            case .failed:
                try await history.recordOutcome(.failed, lane: result.lane, runID: result.runID, at: clock.now)
            case .interrupted, .notRun:
                break
            }
            return previous
        } catch {
            tell(.warning("the lane's outcome was not read from or recorded in the run history \(historyPath): \(error)", at: nil))
            return nil
        }
    }
}

extension CIEnvironment {
    /// The commit the CI engine checked out: Jenkins' Git plugin's `GIT_COMMIT`, GitHub's
    /// `GITHUB_SHA`, Buildkite's `BUILDKITE_COMMIT`.
    func commit(in environment: EnvironmentVariables) -> String? {
        let name: String? =
            switch engine {
            case .jenkins: "GIT_COMMIT"
            case .githubActions: "GITHUB_SHA"
            case .buildkite: "BUILDKITE_COMMIT"
            case nil: nil
            }
        return name.flatMap { environment[$0] }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
