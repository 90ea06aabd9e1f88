import NightshiftCore
import NightshiftEngine

/// What the never-green check needs of one invocation's cases, counted as a reader hands them
/// on (the cases themselves go to the merger's scratch file): how many, and of the failed ones
/// how many, their distinct identifiers and their crashes. Grows with the failures, never with
/// the tests that passed.
public struct TestInvocationCounts: Sendable, Hashable, TestCaseSink {
    public private(set) var cases = 0
    public private(set) var failedCases = 0
    /// Cases Xcode itself retried into a pass.
    public private(set) var flaky = 0
    /// Failed cases whose last attempt was a skip (failed: they never passed).
    public private(set) var failedThenSkipped = 0
    /// `identifier: message`, one line each, of a failed case whose deciding attempt crashed.
    public private(set) var crashes: [String] = []
    private var failedIdentifiers = Set<String>()

    public init() {}

    public init(_ cases: some Sequence<TestCaseResult>) {
        for test in cases { add(test) }
    }

    /// The failed cases' identifiers, each once (a parameterised test's arguments share one).
    public var distinctFailed: Int { failedIdentifiers.count }

    public mutating func add(_ test: TestCaseResult) {
        cases += 1
        if test.isFlaky { flaky += 1 }
        guard test.outcome == .failed else { return }
        failedCases += 1
        failedIdentifiers.insert(test.identifier)
        if test.attempts.last?.outcome == .skipped { failedThenSkipped += 1 }
        for message in test.decidingAttempt?.messages ?? [] where TestCrashText.isCrash(message.text) {
            crashes.append(PrintableText.oneLine("\(test.identifier): \(message.text)"))
        }
    }
}
