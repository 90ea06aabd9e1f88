/// Prints diagnostics compiler-style: `lanes.yml:12:7: error: …`, red and bold on a terminal.
public struct DiagnosticPrinter: Sendable {
    public let colour: Bool

    public init(colour: Bool) {
        self.colour = colour
    }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        var text = diagnostics.map(render).joined(separator: "\n") + "\n"
        let errors = diagnostics.filter { $0.severity == .error }.count
        if errors > 1 { text += "\(errors) errors\n" }
        return text
    }

    private func render(_ diagnostic: Diagnostic) -> String {
        guard colour else { return diagnostic.description }
        let prefix = diagnostic.location.map { TerminalStyle.painted("\($0):", "1") + " " } ?? ""
        let colourCode = diagnostic.severity == .error ? "31" : diagnostic.severity == .warning ? "33" : "36"
        let head = prefix + TerminalStyle.painted("\(diagnostic.severity.rawValue):", "1;\(colourCode)") + " \(diagnostic.message)"
        let notes = diagnostic.notes.map { prefix + TerminalStyle.painted("note:", "1;36") + " \($0)" }
        return ([head] + notes).joined(separator: "\n")
    }
}
