/// The terminal escape sequences nightshift writes (ECMA-48 SGR and erase-line), built in one
/// place so every coloured line resets the same way.
public enum TerminalStyle {
    /// `text` in SGR `code` (`31` red, `1;31` bold red, `2` dim…), reset after.
    public static func painted(_ text: String, _ code: String) -> String {
        start(code) + text + reset
    }

    /// The sequence that switches SGR `code` on, for a run of text ended by `reset`.
    public static func start(_ code: String) -> String { "\u{1B}[\(code)m" }

    public static let reset = "\u{1B}[0m"

    /// Back to the start of the line and erase it: a line redrawn in place.
    public static let clearLine = "\r\u{1B}[2K"
}
