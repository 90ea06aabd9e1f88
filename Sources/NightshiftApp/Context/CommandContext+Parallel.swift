import NightshiftCore
import NightshiftEngine
import NightshiftReporting
import NightshiftSystem

extension CommandContext {
    /// `nightshift run a b --parallel [N]`: each lane reports through a console of its own that
    /// prefixes its lines with its name (coloured on a terminal, plain under Jenkins or a pipe),
    /// then one table covers every lane. No live progress line: lanes share the last line.
    func runInParallel(
        _ invocations: [LaneInvocation], limit: Int, keepGoing: Bool, on session: RunSession, in environment: EnvironmentVariables,
        dryRun: Bool
    ) async throws -> [LaneResult] {
        var style = ConsoleStyle.detect(interactive: output.isInteractive, environment: environment, ci: ci, noColorFlag: options.noColor)
        style.liveProgress = false
        let colour = style.colour && !ci.isCI
        // The prefix is laid out before the console masks it: masked here, whole.
        let (runner, secrets, clock) = (session.runner, self.secrets, self.clock)
        let sinks = invocations.map { PrefixedOutputSink(output, lane: secrets.mask($0.lane), colour: colour) }
        let results = try await session.runInParallel(invocations, limit: limit, keepGoing: keepGoing) { [style] index in
            let console = ConsoleReporter(output: sinks[index], style: style, clock: clock, dryRun: dryRun)
            return runner.forParallelLane(reporter: MaskingReporter(console, secrets: secrets))
        }
        for sink in sinks { sink.finish() }
        output.out("\n" + ParallelSummaryTable(results: results, style: style).render())
        return results
    }
}
