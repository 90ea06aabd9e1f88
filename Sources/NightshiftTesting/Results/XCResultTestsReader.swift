public import Foundation

/// Reads `xcrun xcresulttool get test-results tests --path X.xcresult` (Xcode 16+ JSON) into
/// one `TestCaseResult` per test, argument, device and configuration, each with its attempts
/// (`Repetition`/`Test Case Run` nodes, oldest first). By structure only: key order may vary,
/// unknown `nodeType`s are looked through (their children still read) and never an error.
public struct XCResultTestsReader: Sendable {
    /// Deeper JSON than any real result (a test plan is rarely 20 levels deep) is refused
    /// before decoding, so a hostile file cannot exhaust the stack of a task.
    public static let maximumNesting = 200

    public init() {}

    /// The results in the file at `path` (xcresulttool's standard output, saved).
    public func read(contentsOf path: String) throws(TestResultsError) -> [TestCaseResult] {
        try read(TestResultsFile.contents(of: path, what: "xcresulttool's test results"), source: path)
    }

    /// `source` names the data in errors.
    public func read(_ data: Data, source: String = "xcresulttool's test results") throws(TestResultsError) -> [TestCaseResult] {
        let document: XCResultTestsDocument = try TestResultsJSON.decode(data, source: source, maximumNesting: Self.maximumNesting)
        return XCResultTreeWalk(document: document).cases()
    }
}
