import NightshiftEngine

/// One step's results from several xcodebuild (or `swift test`) invocations: shards, run side by
/// side on disjoint tests, are added; re-runs of the tests that still failed append their
/// attempts to the same test (matched by `TestCaseKey`), so each test stays one case, in the
/// order it was first reported.
public struct TestResultsMerger: Sendable {
    private var order: [TestCaseKey] = []
    private var byKey: [TestCaseKey: TestCaseResult] = [:]

    public init() {}

    /// A shard's results, or a first run's. A test already seen (a shard that ran it too) gets
    /// these attempts appended, as a re-run's would.
    public mutating func addShard(_ cases: [TestCaseResult]) { add(cases) }

    /// A re-run's results: each test's attempts go after those it already has. A test the
    /// re-run reports but no earlier run did is added (a parameterised test's new argument).
    public mutating func addRetry(_ cases: [TestCaseResult]) { add(cases) }

    private mutating func add(_ cases: [TestCaseResult]) {
        for test in cases {
            let key = test.key
            // Appended in place: a copy taken out of the dictionary would share its attempts
            // with the one left in, and every append would copy them all (a results file that
            // repeats a test 50,000 times took minutes).
            if byKey[key] != nil {
                byKey[key]?.attempts.append(contentsOf: test.attempts)
            } else {
                order.append(key)
                byKey[key] = test
            }
        }
    }

    /// Every test once, in the order first reported.
    public var results: [TestCaseResult] { order.compactMap { byKey[$0] } }

    /// The identifiers still failing: what the next re-run passes to `-only-testing` or
    /// `--filter`, each once, in order.
    public var failingIdentifiers: [String] {
        var seen = Set<String>()
        return results.filter { $0.outcome == .failed }.map(\.identifier).filter { seen.insert($0).inserted }
    }
}
