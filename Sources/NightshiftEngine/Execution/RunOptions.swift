public import NightshiftCore
import NightshiftSystem
/// How a run behaves, as the command line chose.
public struct RunOptions: Sendable, Hashable {
    public var isDryRun: Bool
    public var isVerbose: Bool
    /// Whether long tool output (xcodebuild's) is condensed on the terminal; see
    /// `condensesToolOutput(interactive:ci:verbose:)`.
    public var condensesToolOutput: Bool
    /// The CI engine the command runs in, read once by the command (`StepContext.ci`).
    public var ci: CIEnvironment
    /// Where run folders go: `.nightshift`, or `$WORKSPACE/.nightshift` under Jenkins.
    public var stateDirectory: String
    public var runID: String
    /// Keep a run journal (and maybe resume an earlier run); nil keeps none.
    public var journal: JournalRequest?
    /// The folder steps run in and relative paths of the lanes file are read against; nil for
    /// this process's own (always, in the executable; a temporary folder in tests).
    public var workingDirectory: String?
    /// `--junit`'s folder, absolute: a `test:` step without `junit:` puts its per-test file there
    /// too, beside the lane's report. nil without `--junit`: the run folder's copy only.
    public var testReportsFolder: String?

    public init(
        isDryRun: Bool = false, isVerbose: Bool = false, condensesToolOutput: Bool = false,
        stateDirectory: String = ".nightshift", runID: String, journal: JournalRequest? = nil, workingDirectory: String? = nil,
        testReportsFolder: String? = nil, ci: CIEnvironment = .none
    ) {
        self.ci = ci
        self.testReportsFolder = testReportsFolder
        self.journal = journal
        self.isDryRun = isDryRun
        self.isVerbose = isVerbose
        self.condensesToolOutput = condensesToolOutput
        self.stateDirectory = stateDirectory
        self.runID = runID
        self.workingDirectory = workingDirectory
    }
}

extension RunOptions {
    /// xcodebuild's output is condensed (errors, warnings, failure summaries, one line per build
    /// phase) only for a person at an interactive terminal who did not ask for `--verbose`.
    ///
    /// Under Jenkins, or whenever stdout is not a terminal, the whole output is shown. The
    /// Jenkins console log is the record people search, link to and read after the fact, long
    /// after the run folder may be gone, and Jenkins streams and stores big logs well. A
    /// condenser that does not know a new error format hides the one line that explains a
    /// failure: xcpretty did exactly that ("exit 65 with no message", fastlane/fastlane#30099).
    /// Either way each step's log under the run folder holds everything, and a failed step's
    /// last lines go into the JUnit report.
    public static func condensesToolOutput(interactive: Bool, ci: CIEnvironment, verbose: Bool) -> Bool {
        interactive && !verbose && !ci.isCI
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
