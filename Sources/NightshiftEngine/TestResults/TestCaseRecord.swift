/// One test after every attempt (the tool's own repetitions and nightshift's re-runs), as the
/// run history and the lane reports keep it. The rich per-attempt model lives with the
/// capability that reads the tools' results (NightshiftTesting).
public struct TestCaseRecord: Sendable, Hashable, Codable {
    /// As `-only-testing` and `swift test --filter` take it: `BrewerTests/LedgerTests/testRounding()`.
    /// Several records share it when one test runs once per argument, device or configuration.
    public var identifier: String
    /// The final outcome: the last attempt's that ran (a skip on a re-run does not undo a failure).
    public var outcome: TestOutcome
    /// An earlier attempt failed and the last passed.
    public var isFlaky: Bool
    public var attempts: Int
    /// Of the last attempt.
    public var durationSeconds: Double
    /// What tells records with one identifier apart (`argument: 3`, `iPhone 16 (18.2)`, a test
    /// plan configuration); nil for a test that ran once per attempt.
    public var variant: String?
    /// Why: a failed test's first message of its deciding attempt (`File.swift:12: XCTAssertEqual
    /// failed…`), a skipped one's reason; nil when the tool gave none, and for a pass.
    public var reason: String?

    public init(
        identifier: String, outcome: TestOutcome, isFlaky: Bool = false, attempts: Int = 1, durationSeconds: Double = 0,
        variant: String? = nil, reason: String? = nil
    ) {
        self.reason = reason
        self.identifier = identifier
        self.outcome = outcome
        self.isFlaky = isFlaky
        self.attempts = attempts
        self.durationSeconds = Self.credibleSeconds(durationSeconds)
        self.variant = variant
    }

    /// A duration a results file gave, as the reports can show it: NaN, infinite or negative is
    /// 0, anything above a week is a week. `time="inf"` in an xUnit file trapped the HTML report's
    /// conversion to milliseconds; sums of such values overflow every later total.
    public static func credibleSeconds(_ seconds: Double) -> Double {
        guard seconds.isFinite else { return 0 }
        return min(max(0, seconds), 7 * 86_400)
    }
}
