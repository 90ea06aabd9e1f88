import NightshiftCore
import NightshiftLanes
import NightshiftSystem

/// A lane of `nightshift run a b c` that never started (issue #26): reports list it, and each
/// step it would have run, as not run, rather than leave it out.
extension LaneRunner {
    /// `reason`: why it did not start, as `lane 'a' failed before it started`.
    public func notRun(_ laneName: String, because reason: String) -> LaneResult {
        // A lane that did not run has results all the same (reports, history): masked as made.
        let message = masker.mask(reason)
        var steps: [StepResult] = []
        if let lane = file.lane(named: laneName) {
            var walk = LaneWalk(LaneCallGraph(file: file), from: lane, revisits: .always)
            while let event = walk.next() {
                guard case .step(let walked) = event, walked.callee == nil else { continue }
                steps.append(
                    StepResult(
                        lane: walked.lane.name, name: masker.mask(walked.step.displayName), kind: .step(walked.step.kind.keyword),
                        status: .notRun, start: dependencies.clock.now, message: "lane not run: \(message)"))
            }
        }
        var result = LaneResult(
            lane: laneName, status: .notRun, steps: steps, start: dependencies.clock.now, duration: .zero, runID: "", logFolder: "")
        result.message = message
        return result
    }

    /// Why the lanes after `result` do not start.
    static func notRunReason(after result: LaneResult) -> String {
        result.status == .interrupted ? "the run was interrupted before it started" : "lane '\(result.lane)' failed before it started"
    }
}
