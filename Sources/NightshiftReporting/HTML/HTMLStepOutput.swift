import NightshiftCore
import NightshiftEngine
import NightshiftSystem

/// A step's last lines and the link to its whole log, as the failure section and the step list
/// both show them.
struct HTMLStepOutput {
    let step: StepResult
    let links: HTMLLogLinks

    var logLink: String? { links.link(to: step.logPath) }

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
        let (shown, omitted) = HTMLText.tail(writer.masked(plain), limit: limit)
        if omitted > 0 { writer.element(.p, classes: [StyleClass("omitted")], "… \(omitted) bytes before these lines: see the full log") }
        writer.element(.pre, classes: [StyleClass("output")], shown)
    }
}

/// Where the page links a step's log from: its copy beside the report when there is one, else
/// the log where the run wrote it, as a path relative to the report's folder.
struct HTMLLogLinks {
    let folder: AbsolutePath
    let copies: [String: AbsolutePath]

    /// Nil when the step logged nothing (or its log path is not absolute, which nightshift never
    /// writes).
    func link(to log: String?) -> String? {
        guard let log else { return nil }
        if let copy = copies[log] { return copy.relative(to: folder) }
        guard log.hasPrefix("/"), let path = try? AbsolutePath(validating: log) else { return nil }
        return path.relative(to: folder)
    }
}
