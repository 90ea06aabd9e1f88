import Foundation
public import NightshiftCore
public import NightshiftEngine
public import NightshiftSystem

/// The run as people read it: a line per step as it starts and ends, its output indented
/// beneath, and a summary table at the end. A dry run reads the same, its commands as the steps'
/// output (`$ command`), with no durations and a closing line in place of the table.
public struct ConsoleReporter: RunReporter {
    let output: any OutputSink
    let style: ConsoleStyle
    let clock: any WallClock
    let isDryRun: Bool
    /// Without colour, the escape sequences a step prints are kept from the console (they stay
    /// in its log): a plain console, a pipe or Jenkins' log must not be cleared or retitled.
    private let escapes = StepOutputEscapeFilters()

    /// `dryRun`: the lane's commands are shown, not run; nothing is timed, so a dry run's
    /// console has no timestamps (`style`'s are ignored) and the same text every time.
    public init(output: any OutputSink, style: ConsoleStyle, clock: any WallClock, dryRun: Bool = false) {
        self.output = output
        self.style = dryRun ? ConsoleStyle(colour: style.colour, timestamps: false, liveProgress: style.liveProgress) : style
        self.clock = clock
        self.isDryRun = dryRun
    }

    public func laneStarted(_ lane: Lane, runID: String) {
        let about = isDryRun ? " (dry run: each command is shown, none is run)" : " (run \(runID))"
        output.out(stamp() + style.bold("lane \(lane.name)") + style.dim(about) + "\n")
    }

    public func stepStarted(_ step: StepIdentity) {
        if !style.colour { escapes.reset(lane: step.lane, name: step.name, kind: step.kind) }
        output.out(stamp() + indent(step.depth) + "▶ " + step.name + "\n")
    }

    /// Each line indented beneath its step; stderr in yellow, stdout dimmed, when in colour, and
    /// without escape sequences when not. On a live terminal a progress line may be showing: the
    /// output replaces it, and the progress is redrawn beneath by its next update.
    public func stepOutput(_ text: [UInt8], channel: OutputChannel, step: StepIdentity) {
        let text = style.colour ? text : escapes.strip(text, channel: channel, step: step)
        guard !text.isEmpty else { return }
        let colour = style.colour ? TerminalStyle.start(channel == .standardError ? "33" : "2") : ""
        let prefix = Array(((style.liveProgress ? TerminalStyle.clearLine : "") + colour + indent(step.depth) + "    ").utf8)
        let suffix = style.colour ? Array(TerminalStyle.reset.utf8) : []
        output.write(bytes: LineDecoration.decorate(text, prefix: prefix, suffix: suffix), to: .standardOutput)
    }

    /// Redraws the step's progress line in place (carriage return, erase line), without a
    /// newline; nil erases it. Nothing on a plain console: steps print plain lines there.
    public func stepProgress(_ text: String?, step: StepIdentity) {
        guard style.liveProgress else { return }
        output.out(TerminalStyle.clearLine + (text.map { style.dim(indent(step.depth) + "    " + $0) } ?? ""))
    }

    public func stepFinished(_ result: StepResult) {
        if !style.colour { escapes.reset(lane: result.lane, name: result.name, kind: result.kind) }
        // A dry run times nothing worth showing.
        let duration = isDryRun ? "" : " (\(DurationFormatting.short(result.duration)))"
        let line: String
        switch result.status {
        case .passed: line = style.green("✔ \(result.name)") + style.dim(duration)
        case .skipped: line = style.dim("↷ \(result.name) skipped: \(result.message ?? "")")
        case .failedIgnored: line = style.yellow("⚠ \(result.name)\(duration): \(result.message ?? "") — continuing")
        case .notRun: line = style.dim("· \(result.name) not run")
        case .reused: line = style.green("↻ \(result.name) reused") + style.dim(": \(result.message ?? "")")
        case .failed, .timedOut, .interrupted:
            line = style.red("✘ \(result.name)\(duration): \(result.message ?? result.status.rawValue)")
        }
        output.out(stamp() + line + "\n")
    }

    public func laneFinished(_ result: LaneResult) {
        if isDryRun {
            output.out("\n" + DryRunVerdict(result: result, style: style).render())
            return
        }
        output.out("\n" + SummaryTable(result: result, style: style).render())
        if !result.logFolder.isEmpty, result.status != .passed {
            output.out(style.dim("logs: \(result.logFolder)") + "\n")
        }
    }

    public func notice(_ text: String) {
        output.err(stamp() + style.yellow(text) + "\n")
    }

    private func stamp() -> String {
        guard style.timestamps else { return "" }
        return "[" + UTCTimestamp.iso8601(clock.now) + "] "
    }

    private func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }
}
