import NightshiftCore

/// `nightshift run a b c --parallel [N]`: the lanes at once, at most `limit` at a time, each with
/// its own runner (its own reporter, so its lines carry its name) and run folder. Every lane is
/// checked before the first starts, as in sequence. A failure starts no further lane unless
/// `keepGoing`, as in sequence; lanes already running finish. An interrupt reaches every running
/// lane (they share one `RunInterruption`), and each runs its own cleanup. `depends_on:` between
/// the lanes of one run does not exist: they are independent.
extension RunSession {
    /// Results in the order the lanes were named; a lane that never started is `notRun`.
    public func runInParallel(
        _ invocations: [LaneInvocation], limit: Int, keepGoing: Bool, runnerFor: @Sendable (Int) -> LaneRunner
    ) async throws(RunPreparationError) -> [LaneResult] {
        let optionValues = try prepareAll(invocations)
        var repetitions: [Int] = []
        var runsSoFar: [String: Int] = [:]
        for invocation in invocations {
            runsSoFar[invocation.lane, default: 0] += 1
            repetitions.append(runsSoFar[invocation.lane]!)
        }
        let width = max(1, min(limit, invocations.count))
        return await withTaskGroup(of: (Int, LaneResult?).self) { group in
            var results: [Int: LaneResult] = [:]
            var next = 0
            var stop = false
            var stoppedBy: LaneResult?
            func start(_ index: Int) {
                let runner = runnerFor(index)
                let (lane, repetition, values) = (invocations[index].lane, repetitions[index], optionValues[index])
                let given = Set(invocations[index].options.map(\.name))
                group.addTask { (index, try? await runner.run(lane, repetition: repetition, options: values, given: given)) }
            }
            while next < width {
                start(next)
                next += 1
            }
            for await (index, result) in group {
                guard let result else { continue }
                results[index] = result
                if result.status == .interrupted || (result.status == .failed && !keepGoing) {
                    stop = true
                    stoppedBy = stoppedBy ?? result
                }
                if !stop, next < invocations.count, runner.interruption.signal == nil {
                    start(next)
                    next += 1
                }
            }
            return invocations.indices.map { index in
                results[index]
                    ?? runner.notRun(
                        invocations[index].lane,
                        because: stoppedBy.map(LaneRunner.notRunReason(after:)) ?? "the run was interrupted before it started")
            }
        }
    }
}

extension LaneRunner {
    /// This runner reporting to `reporter`, its steps stopped through an interruption of their
    /// own that this one's interrupts reach: each lane of a parallel run has both.
    public func forParallelLane(reporter: any RunReporter) -> LaneRunner {
        LaneRunner(
            file: file, dependencies: dependencies, performers: performers, reporter: reporter, interruption: interruption.makeChild(),
            options: options, secrets: secrets)
    }
}
