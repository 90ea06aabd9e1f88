/// What a step learnt that a report should keep, by name (an upload's `build_id` and
/// `processing_state`): set by the performer, copied into the step's result, printed by the JSON
/// report. Values are masked before they are stored.
public actor StepDetails {
    private var values: [String: String] = [:]
    private var testReport: TestStepReport?
    private var cacheMetrics: CompilationCacheMetrics?

    public init() {}

    public func set(_ name: String, _ value: String) { values[name] = value }
    public var all: [String: String] { values }

    /// A `test:` step's results; a later call replaces an earlier one (the last attempt's stand).
    public func setTests(_ report: TestStepReport) { testReport = report }
    public var tests: TestStepReport? { testReport }

    /// What the compilation cache did in this attempt's builds, as the build log said; an
    /// attempt that built again replaces what the one before said.
    public func setCompilationCache(_ metrics: CompilationCacheMetrics) { cacheMetrics = metrics }
    public var compilationCache: CompilationCacheMetrics? { cacheMetrics }
}
