public import NightshiftEngine

extension TestStepReport {
    /// The engine's report of merged results: one record per test case, the tally counted per test.
    public init(results: some Sequence<TestCaseResult>, junitPath: String?, coberturaPath: String? = nil, lineCoverage: Double? = nil) {
        self.init(tests: results.map(\.record), junitPath: junitPath, coberturaPath: coberturaPath, lineCoverage: lineCoverage)
    }

    /// The report of a merger's results: each record read back from its scratch file when the
    /// reports and the run history ask for it, never all held.
    public init(results: TestCaseResults, junitPath: String?, coberturaPath: String? = nil, lineCoverage: Double? = nil) {
        self.init(
            tests: TestCaseRecords(count: results.count) { results[$0].record }, junitPath: junitPath, coberturaPath: coberturaPath,
            lineCoverage: lineCoverage)
    }
}
