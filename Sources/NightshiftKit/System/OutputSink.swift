/// Where nightshift's own output goes (the terminal in production, a buffer in tests).
public protocol OutputSink: Sendable {
    func write(_ text: String, to channel: OutputChannel)
    /// Whether the standard output is an interactive terminal (colour, progress lines).
    var isInteractive: Bool { get }
}

extension OutputSink {
    public func out(_ text: String) { write(text, to: .standardOutput) }
    public func err(_ text: String) { write(text, to: .standardError) }
}
