public import NightshiftCore

extension LaneCallGraph {
    /// Signing, build and export steps that would run with no configuration in force when
    /// `lane` is run by itself. Needs nothing but the file, so `validate` reports them too.
    public func configurationProblems(of lane: Lane) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        visitSteps(reachableFrom: lane) { walked in
            let step = walked.step
            if step.kind.needsSigning, walked.configurationName == nil {
                problems.append(
                    .error(
                        "'\(step.kind.keyword)' in lane '\(lane.name)' needs a configuration; add 'configuration:' to the lane",
                        at: step.location))
            }
        }
        return problems
    }
}
