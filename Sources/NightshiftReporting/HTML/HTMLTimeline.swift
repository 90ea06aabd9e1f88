import Foundation
import NightshiftCore
import NightshiftEngine

/// The lane's steps on one time axis: a row per step, its bar starting where the step started and
/// as long as it ran, in whole percent of the lane's duration. The bars are sized by classes
/// (`at-12 w-30`) the stylesheet defines for every percent: Jenkins' CSP forbids inline style,
/// and a fixed set of classes needs neither script nor an image per run.
struct HTMLTimeline {
    let result: LaneResult
    let limits: HTMLReportLimits

    func write(to writer: HTMLWriter) {
        writer.element(.h3, "Timeline")
        writer.open(.ol, classes: [StyleClass("timeline")])
        for step in result.steps {
            writer.open(.li, classes: [StyleClass("row"), .status(step.status)])
            writer.element(.span, classes: [StyleClass("name")], writer.clipped(step.name, limit: 120))
            writer.open(.span, classes: [StyleClass("track")])
            let (offset, width) = bar(step)
            writer.element(.span, classes: [StyleClass("bar"), .status(step.status), .offset(offset), .width(width)], "")
            writer.close(.span)
            writer.element(.span, classes: [StyleClass("time")], Self.duration(of: step))
            writer.close(.li)
            writer.newline()
        }
        writer.close(.ol)
        writer.newline()
    }

    /// Percent of the lane where the step starts, and of its length; a step that ran gets at
    /// least 1%, so a short one still shows, and no bar runs past the end.
    func bar(_ step: StepResult) -> (offset: Int, width: Int) {
        let total = result.duration.seconds
        guard Self.ran(step), total > 0 else { return (0, 0) }
        let start = Int((step.start.timeIntervalSince(result.start) / total * 100).rounded(.down))
        let offset = min(max(start, 0), 99)
        let width = max(1, Int((step.duration.seconds / total * 100).rounded()))
        return (offset, min(width, 100 - offset))
    }

    static func ran(_ step: StepResult) -> Bool { ![.notRun, .skipped, .reused].contains(step.status) }

    /// `12.3s`, or what happened instead of running.
    static func duration(of step: StepResult) -> String {
        ran(step) ? DurationFormatting.short(step.duration) : step.status.rawValue
    }
}
