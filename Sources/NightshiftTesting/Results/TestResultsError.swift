/// Why a tool's test results could not be read: the message names the file and what was wrong
/// with it (truncated JSON, nesting too deep, not a result at all), for the step's failure.
public struct TestResultsError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
