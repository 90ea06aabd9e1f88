/// What a `test:` step found, for the lane reports (`--junit`, `--json`), the run history and
/// the console: set by the performer through `StepDetails.setTests`, copied into `StepResult.tests`.
public struct TestStepReport: Sendable, Hashable {
    public var tally: TestTally
    /// One per test (per argument, device or configuration), in the order the tool reported them.
    public var tests: TestCaseRecords
    /// The step's own per-test JUnit file, as written.
    public var junitPath: String?
    /// The Cobertura file, when coverage was on.
    public var coberturaPath: String?
    /// Covered executable lines over all executable lines, 0...1; nil without coverage.
    public var lineCoverage: Double?

    public init(
        tally: TestTally, tests: TestCaseRecords, junitPath: String? = nil, coberturaPath: String? = nil, lineCoverage: Double? = nil
    ) {
        self.tally = tally
        self.tests = tests
        self.junitPath = junitPath
        self.coberturaPath = coberturaPath
        self.lineCoverage = lineCoverage
    }

    /// The report with its tally counted from `tests`.
    public init(tests: TestCaseRecords, junitPath: String? = nil, coberturaPath: String? = nil, lineCoverage: Double? = nil) {
        self.init(
            tally: TestTally(records: tests), tests: tests, junitPath: junitPath, coberturaPath: coberturaPath, lineCoverage: lineCoverage)
    }

    /// The report of records held in memory, its tally counted from them.
    public init(tests: [TestCaseRecord], junitPath: String? = nil, coberturaPath: String? = nil, lineCoverage: Double? = nil) {
        self.init(tests: TestCaseRecords(tests), junitPath: junitPath, coberturaPath: coberturaPath, lineCoverage: lineCoverage)
    }
}
