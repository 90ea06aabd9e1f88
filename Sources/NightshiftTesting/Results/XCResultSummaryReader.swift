public import Foundation

/// Reads `xcrun xcresulttool get test-results summary --path X.xcresult` (Xcode 16+ JSON).
/// Absent counts read as 0; an absent `result` as `unknown`.
public struct XCResultSummaryReader: Sendable {
    public init() {}

    public func read(contentsOf path: String) throws(TestResultsError) -> TestRunSummary {
        try read(TestResultsFile.contents(of: path, what: "xcresulttool's summary"), source: path)
    }

    public func read(_ data: Data, source: String = "xcresulttool's summary") throws(TestResultsError) -> TestRunSummary {
        let document: XCResultSummaryDocument = try TestResultsJSON.decode(data, source: source, maximumNesting: 64)
        return document.summary
    }
}

private struct XCResultSummaryDocument: Decodable {
    struct Failure: Decodable {
        var testName: String?
        var targetName: String?
        var failureText: String?
        var testIdentifierString: String?

        private enum CodingKeys: String, CodingKey { case testName, targetName, failureText, testIdentifierString }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            testName = try? container.decodeIfPresent(String.self, forKey: .testName)
            targetName = try? container.decodeIfPresent(String.self, forKey: .targetName)
            failureText = try? container.decodeIfPresent(String.self, forKey: .failureText)
            testIdentifierString = try? container.decodeIfPresent(String.self, forKey: .testIdentifierString)
        }
    }

    /// Elements of `devicesAndConfigurations`, counted only.
    struct Opaque: Decodable {}

    var result: String?
    var totalTestCount, passedTests, failedTests, skippedTests, expectedFailures: Int?
    var testFailures: [Failure]
    var devicesAndConfigurations: [Opaque]

    private enum CodingKeys: String, CodingKey {
        case result, totalTestCount, passedTests, failedTests, skippedTests, expectedFailures, testFailures, devicesAndConfigurations
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        result = try? container.decodeIfPresent(String.self, forKey: .result)
        totalTestCount = try? container.decodeIfPresent(Int.self, forKey: .totalTestCount)
        passedTests = try? container.decodeIfPresent(Int.self, forKey: .passedTests)
        failedTests = try? container.decodeIfPresent(Int.self, forKey: .failedTests)
        skippedTests = try? container.decodeIfPresent(Int.self, forKey: .skippedTests)
        expectedFailures = try? container.decodeIfPresent(Int.self, forKey: .expectedFailures)
        testFailures = (try? container.decodeIfPresent([Failure].self, forKey: .testFailures)) ?? []
        devicesAndConfigurations = (try? container.decodeIfPresent([Opaque].self, forKey: .devicesAndConfigurations)) ?? []
    }

    var summary: TestRunSummary {
        TestRunSummary(
            result: result ?? "unknown", totalTestCount: totalTestCount ?? 0, passedTests: passedTests ?? 0,
            failedTests: failedTests ?? 0, skippedTests: skippedTests ?? 0, expectedFailures: expectedFailures ?? 0,
            testFailures: testFailures.map {
                TestRunSummary.Failure(
                    testName: $0.testName ?? "", targetName: $0.targetName, failureText: $0.failureText ?? "",
                    testIdentifier: $0.testIdentifierString)
            }, devicesAndConfigurations: devicesAndConfigurations.count)
    }
}
