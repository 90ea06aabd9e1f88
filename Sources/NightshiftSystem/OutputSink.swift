/// Where nightshift's own output goes (the terminal in production, a buffer in tests).
public protocol OutputSink: Sendable {
    func write(_ text: String, to channel: OutputChannel)
    /// Writes bytes as they are (a step's masked output), ideally without decoding them.
    func write(bytes: [UInt8], to channel: OutputChannel)
    /// Whether the standard output is an interactive terminal (colour, progress lines).
    var isInteractive: Bool { get }
}

extension OutputSink {
    public func write(bytes: [UInt8], to channel: OutputChannel) {
        write(String(decoding: bytes, as: UTF8.self), to: channel)
    }

    public func out(_ text: String) { write(text, to: .standardOutput) }
    public func err(_ text: String) { write(text, to: .standardError) }
}
