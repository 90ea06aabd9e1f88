/// How one test ended, as every report and the run history name it. An expected failure
/// (`XCTExpectFailure`, Swift Testing's `withKnownIssue`) passes.
public enum TestOutcome: String, Sendable, Hashable, Codable {
    case passed
    case failed
    case skipped
    case expectedFailure = "expected_failure"

    /// Whether the test counts as passing: a pass or an expected failure.
    public var isPass: Bool { self == .passed || self == .expectedFailure }
}
