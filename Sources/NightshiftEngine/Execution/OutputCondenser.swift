public import NightshiftSystem

/// What the terminal shows of a tool's long output when a command asks for `.condensed` display.
/// The engine knows no tool's output format: the capability that runs the tool supplies the
/// rules (xcodebuild's are in NightshiftApple). The step log always gets everything. One value
/// serves one step, both channels, so that what a failure shows keeps their order.
public protocol OutputCondenser: Sendable {
    /// The tool's name, for the heading above the lines shown after a failure.
    var toolName: String { get }
    /// What the condensed view keeps, said once before its first line.
    var keeps: String { get }
    /// The lines of a chunk of (masked) output to show now, without their newlines.
    mutating func feed(_ chunk: [UInt8], from channel: OutputChannel) -> [String]
    /// The lines held back at the end of one channel's output.
    mutating func finish(_ channel: OutputChannel) -> [String]
    /// Whether the output said the tool failed, whatever its exit status.
    var sawFailure: Bool { get }
    /// The last lines the condensed view hid, shown when the step fails: a failure's reason may
    /// be in a line no rule knows.
    var hiddenLines: [String] { get }
}

/// Makes the condenser for one step's output; nil shows condensed output whole.
public typealias OutputCondenserFactory = @Sendable () -> any OutputCondenser
