/// How a run behaves, as the command line chose.
public struct RunOptions: Sendable, Hashable {
    public var isDryRun: Bool
    public var isVerbose: Bool
    /// Where run folders go: `.nightshift`, or `$WORKSPACE/.nightshift` under Jenkins.
    public var stateDirectory: String
    public var runID: String

    public init(isDryRun: Bool = false, isVerbose: Bool = false, stateDirectory: String = ".nightshift", runID: String) {
        self.isDryRun = isDryRun
        self.isVerbose = isVerbose
        self.stateDirectory = stateDirectory
        self.runID = runID
    }
}

/// Why a lane could not start: nothing has been executed. Exit code 2.
public struct RunPreparationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var problems: [Diagnostic]

    public init(_ problems: [Diagnostic]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
