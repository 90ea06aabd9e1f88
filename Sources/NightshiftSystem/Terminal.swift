import Foundation

/// What nightshift's own standard descriptors are connected to.
public enum Terminal {
    /// Whether `descriptor` is an interactive terminal (isatty(3)).
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    public static var standardOutputIsTerminal: Bool { isTerminal(STDOUT_FILENO) }
    public static var standardErrorIsTerminal: Bool { isTerminal(STDERR_FILENO) }
}
