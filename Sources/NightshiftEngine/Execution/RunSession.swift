import NightshiftCore
/// `nightshift run A B C`: several lanes in order, stopping at the first failure unless asked to
/// keep going. Every lane is checked before the first one starts.
public struct RunSession: Sendable {
    public let runner: LaneRunner

    public init(runner: LaneRunner) {
        self.runner = runner
    }

    public func run(_ lanes: [String], keepGoing: Bool) async throws(RunPreparationError) -> [LaneResult] {
        try await run(lanes.map { LaneInvocation(lane: $0) }, keepGoing: keepGoing)
    }

    /// Every lane's options are checked with the lane itself, before the first one starts.
    public func run(_ invocations: [LaneInvocation], keepGoing: Bool) async throws(RunPreparationError) -> [LaneResult] {
        let optionValues = try prepareAll(invocations)
        var results: [LaneResult] = []
        var runsSoFar: [String: Int] = [:]
        for (invocation, values) in zip(invocations, optionValues) {
            let lane = invocation.lane
            runsSoFar[lane, default: 0] += 1
            let result = try await runner.run(
                lane, repetition: runsSoFar[lane]!, options: values, given: Set(invocation.options.map(\.name)))
            results.append(result)
            if result.status == .interrupted || (result.status == .failed && !keepGoing) {
                for later in invocations.dropFirst(results.count) {
                    let notRun = runner.notRun(later.lane, because: LaneRunner.notRunReason(after: result))
                    runner.reporter.laneFinished(notRun)
                    results.append(notRun)
                }
                break
            }
        }
        return results
    }

    /// Checks every lane and its options; their values, in order, when all of them can start.
    func prepareAll(_ invocations: [LaneInvocation]) throws(RunPreparationError) -> [LaneOptionValues] {
        var problems: [Diagnostic] = []
        var optionValues: [LaneOptionValues] = []
        for invocation in invocations {
            do {
                let values = try runner.resolveOptions(of: invocation)
                optionValues.append(values)
                try runner.with(values).prepare(invocation.lane)
            } catch {
                problems += error.problems
            }
        }
        if !problems.isEmpty { throw RunPreparationError(problems) }
        return optionValues
    }
}
