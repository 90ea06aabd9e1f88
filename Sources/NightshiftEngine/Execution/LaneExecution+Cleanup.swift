import Foundation
import NightshiftCore
import NightshiftSystem

extension LaneExecution {
    /// Runs the registered cleanup, newest first, each action within the cleanup bound. An
    /// action that does not finish fails the lane (unless it was interrupted, which decides the
    /// exit code anyway), and what it leaves behind is named in a warning with the command that
    /// removes it, also for the actions a third interrupt abandoned.
    func runCleanup(lane: Lane) async {
        let run = CleanupActionRun(bound: cleanupBound, clock: clock, interruption: runner.interruption)
        for action in await cleanup.drain() {
            let identity = StepIdentity(lane: lane.name, name: action.name, kind: .cleanup, depth: 0)
            let start = clock.now
            var result = StepResult(lane: lane.name, name: action.name, kind: .cleanup, status: .passed, start: start, attempts: 1)
            if runner.interruption.abandonsCleanup {
                result.status = .notRun
                result.message = "left undone: nightshift was interrupted three times"
            } else {
                runner.reporter.stepStarted(identity)
                transcript?.show(through: transcriptTarget(for: identity))
                let outcome = await run.run(action)
                transcript?.show(through: nil)
                describe(outcome, of: action, in: &result)
            }
            result.duration = .seconds(clock.now.timeIntervalSince(start))
            result.message = result.message.map(masker.mask)
            record(result)
            // A failure is on the step's own line already; what it leaves is not, nor is an
            // action never started.
            if result.status != .passed, action.leftBehind != nil || result.status == .notRun {
                let left = action.leftBehind.map { "; left behind: \($0)" } ?? ""
                runner.notice(.warning("cleanup '\(action.name)' did not finish\(left)", at: nil))
            }
        }
    }

    /// A dry run shows the commands of a cleanup action beneath it, masked, as a step's.
    private func transcriptTarget(for identity: StepIdentity) -> DryRunTranscript.Target {
        let (reporter, masker) = (runner.reporter, masker)
        // Straight to the reporter, not through a step's masking stream: masked here.
        return { line in reporter.stepOutput(Array((masker.mask(line) + "\n").utf8), channel: .standardOutput, step: identity) }
    }

    private func describe(_ outcome: CleanupOutcome, of action: CleanupStack.Action, in result: inout StepResult) {
        switch outcome {
        case .finished:
            return
        case .failed(let reason):
            result.status = .failed
            result.message = "cleanup failed: \(reason)"
            result.reason = .cleanupFailed
        case .timedOut:
            result.status = .failed
            result.message =
                "cleanup '\(action.name)' was stopped: it reached its cleanup_timeout of \(DurationFormatting.exact(cleanupBound))"
            result.reason = .cleanupTimeout
        case .interrupted:
            result.status = .interrupted
            result.message = "cleanup '\(action.name)' was stopped by a second interrupt"
            result.reason = .interrupted
        case .abandoned:
            result.status = .interrupted
            result.message = "cleanup '\(action.name)' was abandoned: nightshift was interrupted three times"
            result.reason = .interrupted
        }
    }
}
