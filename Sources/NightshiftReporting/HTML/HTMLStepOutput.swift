import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// A step's last lines and the link to its whole log, as the failure section and the step list
/// both show them.
struct HTMLStepOutput {
    let step: StepResult
    let folder: AbsolutePath

    /// The log as seen from the report's folder; nil when the step logged nothing (or its log
    /// path is not absolute, which nightshift never writes).
    var logLink: String? {
        guard let log = step.logPath, let path = try? AbsolutePath(validating: log), log.hasPrefix("/") else { return nil }
        return path.relative(to: folder)
    }

    func writeLogLink(to writer: HTMLWriter) {
        guard let link = logLink else { return }
        writer.open(.p, classes: [StyleClass("log")])
        writer.link(to: link, "full log")
        if let problem = step.logProblem { writer.text(" (incomplete: \(problem))") }
        writer.close(.p)
    }

    /// The output's end, at most `limit` bytes, without terminal escape sequences (colours).
    func writeTail(to writer: HTMLWriter, limit: Int) {
        Self.writeOutput(step.outputTail, to: writer, limit: limit)
    }

    static func writeOutput(_ output: String, to writer: HTMLWriter, limit: Int) {
        guard !output.isEmpty else { return }
        var stripper = EscapeSequenceStripper()
        let plain = String(decoding: stripper.strip(Array(output.utf8)), as: UTF8.self)
        let (shown, omitted) = HTMLText.tail(plain, limit: limit)
        if omitted > 0 { writer.element(.p, classes: [StyleClass("omitted")], "… \(omitted) bytes before these lines: see the full log") }
        writer.element(.pre, classes: [StyleClass("output")], shown)
    }
}
