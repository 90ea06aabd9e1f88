import NightshiftCore
/// `nightshift run A B C`: several lanes in order, stopping at the first failure unless asked to
/// keep going. Every lane is checked before the first one starts.
public struct RunSession: Sendable {
    public let runner: LaneRunner

    public init(runner: LaneRunner) {
        self.runner = runner
    }

    public func run(_ lanes: [String], keepGoing: Bool) async throws(RunPreparationError) -> [LaneResult] {
        var problems: [Diagnostic] = []
        for lane in lanes {
            do {
                try runner.prepare(lane)
            } catch {
                problems += error.problems
            }
        }
        if !problems.isEmpty { throw RunPreparationError(problems) }
        var results: [LaneResult] = []
        var runsSoFar: [String: Int] = [:]
        for lane in lanes {
            runsSoFar[lane, default: 0] += 1
            let result = try await runner.run(lane, repetition: runsSoFar[lane]!)
            results.append(result)
            if result.status == .interrupted { break }
            if result.status == .failed, !keepGoing { break }
        }
        return results
    }
}
