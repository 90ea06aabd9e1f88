import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// A failed (or interrupted) lane's first failing step, at the top of the page: what a person
/// opening the report after a red build wants first. Its reason is the message, in large type,
/// then the stable code and exit status, then the last lines of its output.
struct HTMLFailureSection {
    let result: LaneResult
    let links: HTMLLogLinks
    let limits: HTMLReportLimits

    func write(to writer: HTMLWriter) {
        writer.open(.section, classes: [StyleClass("failure")])
        guard let step = result.firstFailure else {
            writer.element(.h2, "lane \(result.lane) \(result.status.rawValue)")
            writer.element(.p, classes: [StyleClass("reason")], result.message ?? result.status.rawValue)
            writer.close(.section)
            writer.newline()
            return
        }
        writer.element(
            .h2, "lane \(result.lane) \(result.status.rawValue) at step “\(writer.clipped(step.name, limit: limits.valueCharacters))”")
        writer.element(
            .p, classes: [StyleClass("reason")], writer.clipped(step.message ?? step.status.rawValue, limit: limits.valueCharacters * 2))
        var facts = ["\(step.kind) step", step.status.rawValue]
        if let reason = step.reason { facts.append("reason: \(reason.rawValue)") }
        if let code = step.exitCode { facts.append("exit status \(code)") }
        if step.attempts > 1 { facts.append("after \(step.attempts) attempts") }
        facts.append("after \(DurationFormatting.short(step.duration))")
        writer.element(.p, classes: [StyleClass("meta")], facts.joined(separator: " · "))
        let output = HTMLStepOutput(step: step, links: links)
        output.writeTail(to: writer, limit: limits.failureOutputBytes)
        output.writeLogLink(to: writer)
        writer.close(.section)
        writer.newline()
    }
}
