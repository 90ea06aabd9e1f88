/// `xcrun xcresulttool get test-results summary` (Xcode 16+): the counts xcodebuild itself
/// reports, and the failures it knows of, including those outside any test (a runner that died
/// before its tests started) that the tests tree never shows.
public struct TestRunSummary: Sendable, Hashable, Codable {
    public struct Failure: Sendable, Hashable, Codable {
        /// `testRounding()`, or `BrewerTests-Runner (4242) encountered an error` for a runner's death.
        public var testName: String
        public var targetName: String?
        /// Without the `File:LINE:` prefix.
        public var failureText: String
        /// `LedgerTests/testRounding()`; nil for a failure outside a test.
        public var testIdentifier: String?

        public init(testName: String, targetName: String? = nil, failureText: String, testIdentifier: String? = nil) {
            self.testName = testName
            self.targetName = targetName
            self.failureText = failureText
            self.testIdentifier = testIdentifier
        }
    }

    /// `Passed`, `Failed`, or `unknown` for a run that never produced a result.
    public var result: String
    public var totalTestCount: Int
    public var passedTests: Int
    public var failedTests: Int
    public var skippedTests: Int
    public var expectedFailures: Int
    public var testFailures: [Failure]
    /// How many device-and-configuration pairs ran (0 for a run that never started).
    public var devicesAndConfigurations: Int

    public init(
        result: String, totalTestCount: Int = 0, passedTests: Int = 0, failedTests: Int = 0, skippedTests: Int = 0,
        expectedFailures: Int = 0, testFailures: [Failure] = [], devicesAndConfigurations: Int = 0
    ) {
        self.result = result
        self.totalTestCount = totalTestCount
        self.passedTests = passedTests
        self.failedTests = failedTests
        self.skippedTests = skippedTests
        self.expectedFailures = expectedFailures
        self.testFailures = testFailures
        self.devicesAndConfigurations = devicesAndConfigurations
    }

    /// The summaries of shards run side by side, as one: counts added, failures listed in order;
    /// `Failed` if any failed, `unknown` only if all are.
    public static func combined(_ summaries: [TestRunSummary]) -> TestRunSummary {
        var combined = TestRunSummary(result: summaries.isEmpty ? "unknown" : "Passed")
        for summary in summaries {
            combined.totalTestCount += summary.totalTestCount
            combined.passedTests += summary.passedTests
            combined.failedTests += summary.failedTests
            combined.skippedTests += summary.skippedTests
            combined.expectedFailures += summary.expectedFailures
            combined.testFailures += summary.testFailures
            combined.devicesAndConfigurations += summary.devicesAndConfigurations
        }
        let results = summaries.map(\.result)
        if results.contains("Failed") {
            combined.result = "Failed"
        } else if !results.isEmpty, results.allSatisfy({ $0 == "unknown" }) {
            combined.result = "unknown"
        } else if results.contains(where: { $0 != "Passed" && $0 != "unknown" }) {
            combined.result = results.first { $0 != "Passed" && $0 != "unknown" } ?? combined.result
        }
        return combined
    }
}
