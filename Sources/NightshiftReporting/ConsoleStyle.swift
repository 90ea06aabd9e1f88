public import NightshiftCore
public import NightshiftSystem
/// How console output looks: colour on an interactive terminal, plain text with timestamps under
/// Jenkins or when piped.
public struct ConsoleStyle: Sendable, Hashable {
    public var colour: Bool
    public var timestamps: Bool
    /// A terminal someone watches, able to redraw a line in place: progress shows as one line
    /// rewritten, not a line per update.
    public var liveProgress: Bool

    public init(colour: Bool, timestamps: Bool, liveProgress: Bool = false) {
        self.colour = colour
        self.timestamps = timestamps
        self.liveProgress = liveProgress
    }

    /// `NO_COLOR` (any value) and `--no-color` turn colour off; Jenkins and pipes get plain text
    /// (and plain progress lines, even when Jenkins gives the process a terminal).
    public static func detect(
        interactive: Bool, environment: EnvironmentVariables, ci: CIEnvironment, noColorFlag: Bool
    ) -> ConsoleStyle {
        let plain = ci.prefersPlainOutput || !interactive
        let colour = !plain && !noColorFlag && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        return ConsoleStyle(colour: colour, timestamps: plain, liveProgress: !plain && environment["TERM"] != "dumb")
    }

    func paint(_ text: String, _ code: String) -> String {
        colour ? TerminalStyle.painted(text, code) : text
    }

    func green(_ text: String) -> String { paint(text, "32") }
    func red(_ text: String) -> String { paint(text, "31") }
    func yellow(_ text: String) -> String { paint(text, "33") }
    func dim(_ text: String) -> String { paint(text, "2") }
    func bold(_ text: String) -> String { paint(text, "1") }
}
