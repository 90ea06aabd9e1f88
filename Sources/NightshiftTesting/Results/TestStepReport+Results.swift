public import NightshiftEngine

extension TestStepReport {
    /// The engine's report of merged results: one record per test case, the tally counted per test.
    public init(results: some Sequence<TestCaseResult>, junitPath: String?, coberturaPath: String? = nil, lineCoverage: Double? = nil) {
        self.init(tests: results.map(\.record), junitPath: junitPath, coberturaPath: coberturaPath, lineCoverage: lineCoverage)
    }
}
