import Foundation
import NightshiftCore
import NightshiftEngine

/// Whether a test run must fail, whatever its written results say: never green by accident.
/// A run that crashed outside a test, a runner that never started, or a summary that disagrees
/// with the cases read each fail the step, with the condensed reason lines.
public struct TestRunVerdict: Sendable, Hashable {
    /// The step must fail.
    public var mustFail: Bool
    /// Why, one line each, most telling first; empty for a clean pass.
    public var reasons: [String]

    public init(mustFail: Bool, reasons: [String]) {
        self.mustFail = mustFail
        self.reasons = reasons
    }
}

/// One xcodebuild (or `swift test`) invocation as the check sees it: its exit status, its
/// summary, and its cases counted (never kept: they are in the merger).
public struct TestInvocation: Sendable, Hashable {
    /// The tool's exit status (0, 65 for failed tests, a signal's 128+N).
    public var exitStatus: Int32
    /// Its summary; nil for `swift test` or when xcresulttool could not give one.
    public var summary: TestRunSummary?
    /// Its cases as read, before merging, counted.
    public var counts: TestInvocationCounts

    public init(exitStatus: Int32, summary: TestRunSummary?, counts: TestInvocationCounts) {
        self.exitStatus = exitStatus
        self.summary = summary
        self.counts = counts
    }

    public init(exitStatus: Int32, summary: TestRunSummary?, cases: [TestCaseResult]) {
        self.init(exitStatus: exitStatus, summary: summary, counts: TestInvocationCounts(cases))
    }
}

public enum TestRunCheck {
    /// One invocation whose cases are the ones written.
    public static func verdict(exitStatus: Int32, summary: TestRunSummary?, cases: [TestCaseResult]) -> TestRunVerdict {
        verdict(invocations: [TestInvocation(exitStatus: exitStatus, summary: summary, cases: cases)], final: cases)
    }

    /// A step of several invocations (shards, then re-runs) whose merged cases are `final`. A
    /// failure a later re-run cured (the exit status 65 of a run whose failed tests then passed)
    /// does not fail the step; anything no failed test explains does.
    public static func verdict(invocations: [TestInvocation], final: some Collection<TestCaseResult>) -> TestRunVerdict {
        var reasons: [String] = []
        // Counted as the merger reads them back, one at a time: never all held.
        let failed = final.reduce(0) { $1.outcome == .failed ? $0 + 1 : $0 }
        if failed > 0 {
            reasons.append("\(failed) \(failed == 1 ? "test" : "tests") failed")
        }
        for (number, invocation) in invocations.enumerated() {
            let label = invocations.count > 1 ? "run \(number + 1): " : ""
            reasons += problems(of: invocation).map { label + $0 }
        }
        // Crashes inside a test are that test's failure: named even when a re-run passed it.
        for test in final where test.attempts.contains(where: { $0.messages.contains { TestCrashText.isCrash($0.text) } }) {
            if test.outcome != .failed { reasons.append("\(PrintableText.oneLine(test.identifier)) crashed before it passed on a re-run") }
        }
        if final.isEmpty && invocations.allSatisfy({ $0.counts.cases == 0 }) && !reasons.contains(where: { $0.contains("no test ran") }) {
            reasons.append("no test ran")
        }
        return TestRunVerdict(mustFail: !reasons.isEmpty, reasons: reasons)
    }

    /// What in one invocation no failed test of it explains.
    static func problems(of invocation: TestInvocation) -> [String] {
        var problems: [String] = []
        let counts = invocation.counts
        if let summary = invocation.summary {
            for failure in summary.testFailures where TestCrashText.isRunnerFailure(failure) {
                problems.append(PrintableText.oneLine("\(failure.testName): \(failure.failureText)"))
            }
            if summary.result == "unknown" && summary.totalTestCount == 0 {
                problems.append("no test ran: the result is 'unknown'" + (summary.devicesAndConfigurations == 0 ? ", on no device" : ""))
            }
            // The summary counts a repeated test once; whether a parameterised test counts once or
            // per argument, whether a test Xcode itself retried into a pass still counts as
            // failed, and whether one it retried into a skip counts as failed or skipped (it is
            // failed here: it never passed), is not documented: any of those counts agrees. What
            // never agrees is a summary counting failures the results do not hold at all
            // (fastlane#28050).
            let agreeing = [counts.failedCases, counts.distinctFailed, counts.failedCases + counts.flaky].flatMap {
                [$0, $0 - counts.failedThenSkipped]
            }
            if !agreeing.contains(summary.failedTests) {
                problems.append("the summary counts \(summary.failedTests) failed tests, the results hold \(counts.failedCases)")
            }
        }
        problems += counts.crashes
        if invocation.exitStatus != 0 && counts.failedCases == 0 {
            problems.append("the test run exited with status \(invocation.exitStatus) but no test failed")
        }
        return problems
    }
}

/// The texts Xcode gives a crash: inside a test (`Test crashed with signal kill.`) and of a
/// runner that died outside any (`BrewerTests-Runner (4242) encountered an error`, with an
/// `Early unexpected exit` failure text).
enum TestCrashText {
    /// Asked of every kept message of every case, several times a run: found on the bytes
    /// (`memchr` to each candidate), where `String.contains` walked characters and took most of a
    /// run over 40,000 failures of 16 KiB each.
    static func isCrash(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count >= crashMark.count else { return false }
            let last = bytes.count - crashMark.count
            var position = 0
            while position <= last, let found = memchr(base + position, Int32(crashMark[0]), last - position + 1) {
                let at = UnsafeRawPointer(base).distance(to: found)
                if memcmp(base + at, crashMark, crashMark.count) == 0 { return true }
                position = at + 1
            }
            return false
        }
    }

    private static let crashMark = Array("crashed with signal".utf8)

    static func isRunnerFailure(_ failure: TestRunSummary.Failure) -> Bool {
        (failure.testName.contains("-Runner (") && failure.testName.contains("encountered an error"))
            || failure.failureText.contains("Early unexpected exit") || (failure.testIdentifier == nil && isCrash(failure.failureText))
    }
}
