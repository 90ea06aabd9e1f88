import NightshiftCore
import NightshiftEngine
import NightshiftReporting
import NightshiftSystem

extension CommandContext {
    /// `nightshift run a b --parallel [N]`: each lane reports through a console of its own that
    /// prefixes its lines with its name (coloured on a terminal, plain under Jenkins or a pipe),
    /// then one table covers every lane. No live progress line: lanes share the last line.
    func runInParallel(
        _ invocations: [LaneInvocation], limit: Int, keepGoing: Bool, on session: RunSession, dryRun: Bool
    ) async throws -> [LaneResult] {
        let environment = try loadEnvironment()
        var style = ConsoleStyle.detect(interactive: output.isInteractive, environment: environment, noColorFlag: options.noColor)
        style.liveProgress = false
        let colour = style.colour && !CIEnvironment(environment).isCI
        let sinks = invocations.map { PrefixedOutputSink(output, lane: output.masker.mask($0.lane), colour: colour) }
        let (runner, masker, clock) = (session.runner, output.masker, self.clock)
        let results = try await session.runInParallel(invocations, limit: limit, keepGoing: keepGoing) { [style] index in
            let console = ConsoleReporter(output: sinks[index], style: style, clock: clock, dryRun: dryRun)
            return runner.forParallelLane(reporter: MaskingReporter(console, masker: masker))
        }
        for sink in sinks { sink.finish() }
        output.out("\n" + ParallelSummaryTable(results: results, style: style).render())
        return results
    }
}
