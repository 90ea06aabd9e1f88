import NightshiftCore

/// Where `JUnitWriter` puts its text: markup as is, and texts (names, messages, output) however
/// the destination wants them made safe: escaped for XML, and masked when the destination masks
/// piece by piece (a test step's streamed file) rather than the whole at the end (a lane report).
public protocol JUnitOutput: AnyObject {
    /// Markup: never holds a name, message or output from a run.
    func raw(_ markup: String)
    /// A text from a lane, a step, a test or a tool.
    func text(_ text: String)
}

/// A report built in memory, texts escaped for XML: the lane reports, masked whole afterwards.
public final class JUnitText: JUnitOutput {
    public private(set) var string = ""

    public init() {}

    public func raw(_ markup: String) { string += markup }

    public func text(_ text: String) { string += XMLText.escaped(text) }
}
