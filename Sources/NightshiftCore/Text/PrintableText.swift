/// Text a tool wrote (a test's name, its argument, a failure message) as it may be printed on
/// one line of a terminal: the one sanitiser every console line made of a tool's words goes
/// through (the test step's lines, `history --tests`). A test named with escape sequences in it
/// cannot move the cursor, erase a line, retitle the terminal or return to the line's start.
public enum PrintableText {
    /// Escape sequences removed by the console's own rules (`EscapeSequenceStripper`, which `run`
    /// applies to a step's output), then every other control character (CR, LF, TAB, the rest
    /// of C0, DEL) shown as a space.
    public static func oneLine(_ text: String) -> String {
        var stripper = EscapeSequenceStripper()
        let bytes = stripper.strip(Array(text.utf8)).map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: " ") : $0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
