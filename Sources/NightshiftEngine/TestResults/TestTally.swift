/// A test step's counts, per test (never per attempt): what the JUnit root carries and the
/// lane reports repeat. A flaky test counts as passed and also as flaky.
public struct TestTally: Sendable, Hashable, Codable {
    public var passed: Int
    public var failed: Int
    public var skipped: Int
    public var expectedFailures: Int
    /// Passed on a later attempt after failing; already counted in `passed`.
    public var flaky: Int

    public init(passed: Int = 0, failed: Int = 0, skipped: Int = 0, expectedFailures: Int = 0, flaky: Int = 0) {
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
        self.expectedFailures = expectedFailures
        self.flaky = flaky
    }

    /// Every test once: flaky ones are among the passed.
    public var total: Int { passed + failed + skipped + expectedFailures }

    /// The counts of `records`, one test each.
    public init(records: some Sequence<TestCaseRecord>) {
        self.init()
        for record in records { add(record.outcome, flaky: record.isFlaky) }
    }

    public mutating func add(_ outcome: TestOutcome, flaky: Bool) {
        switch outcome {
        case .passed: passed += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        case .expectedFailure: expectedFailures += 1
        }
        if flaky && outcome.isPass { self.flaky += 1 }
    }

    public static func + (lhs: TestTally, rhs: TestTally) -> TestTally {
        TestTally(
            passed: lhs.passed + rhs.passed, failed: lhs.failed + rhs.failed, skipped: lhs.skipped + rhs.skipped,
            expectedFailures: lhs.expectedFailures + rhs.expectedFailures, flaky: lhs.flaky + rhs.flaky)
    }
}
