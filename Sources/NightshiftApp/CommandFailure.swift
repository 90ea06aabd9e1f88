public import NightshiftCore

/// Why a command stops: what to print on stderr, and the exit status. Commands throw it (or an
/// error `CommandFailure(_:)` maps) and `CommandContext.perform` prints it, masked.
public struct CommandFailure: Error, Sendable {
    public var diagnostics: [Diagnostic]
    public var status: Int32
    /// Whether several errors end with an `N errors` line, as a lanes file's do; messages that
    /// are each complete on their own (lanes `next` cannot show) are printed as they are.
    public var countsErrors: Bool

    public init(_ diagnostics: [Diagnostic], status: Int32, countsErrors: Bool = true) {
        self.diagnostics = diagnostics
        self.status = status
        self.countsErrors = countsErrors
    }

    /// `error: message`, with no place.
    public init(_ message: String, status: Int32) {
        self.init([.error(message, at: nil)], status: status)
    }

    /// Exit 2, nothing ran: `error: message`.
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message, status: ExitStatus.usage)
    }
}
