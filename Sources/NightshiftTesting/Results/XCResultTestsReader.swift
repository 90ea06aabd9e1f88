public import Foundation
import NightshiftSystem

/// Reads `xcrun xcresulttool get test-results tests --path X.xcresult` (Xcode 16+ JSON) into
/// one `TestCaseResult` per test, argument, device and configuration, each with its attempts
/// (`Repetition`/`Test Case Run` nodes, oldest first). By structure only: key order may vary,
/// unknown `nodeType`s are looked through (their children still read) and never an error.
///
/// Streamed, in flat memory whatever the number of tests: a pull parser reads the file twice
/// through a fixed buffer. xcresulttool sorts its keys, so a node's `nodeType` and `name` come
/// after its children; the first pass learns each node's kind (a byte a node) and the names of
/// bundles, suites, devices and configurations, the second walks the tree as it reads it and
/// hands each test case to the sink as soon as it closes.
public struct XCResultTestsReader: Sendable {
    /// Deeper JSON than any real result (a test plan is rarely 20 levels deep) is refused as it
    /// is read, so a hostile file cannot exhaust the stack of a task.
    public static let maximumNesting = 200
    /// The longest string (a name, a failure message) read: 4 MiB.
    public static let maximumStringBytes = 4 << 20

    public init() {}

    /// The results in the file at `path` (xcresulttool's standard output, saved).
    public func read(contentsOf path: String) throws(TestResultsError) -> [TestCaseResult] {
        var cases: [TestCaseResult] = []
        try read(contentsOf: path, into: &cases)
        return cases
    }

    /// Each test case of the file at `path` into `sink`, in the order the file has them.
    public func read<Sink: TestCaseSink>(contentsOf path: String, into sink: inout Sink) throws(TestResultsError) {
        let what = "xcresulttool's test results"
        let file = try TestResultsFile.open(path, what: what)
        defer { file.close() }
        try read(name: path, into: &sink) { () throws(TestResultsError) -> FileByteSource in
            do {
                try file.seek(to: 0)
            } catch {
                throw TestResultsError("cannot read \(what): \(error)")
            }
            return FileByteSource(file: file, what: what)
        }
    }

    /// `source` names the data in errors.
    public func read(_ data: Data, source: String = "xcresulttool's test results") throws(TestResultsError) -> [TestCaseResult] {
        var cases: [TestCaseResult] = []
        try read(name: source, into: &cases) { () throws(TestResultsError) in DataByteSource(data) }
        return cases
    }

    /// The two passes, each over a source from its start.
    private func read<Source: ResultByteSource, Sink: TestCaseSink>(
        name: String, into sink: inout Sink, from source: () throws(TestResultsError) -> Source
    ) throws(TestResultsError) {
        let limits = JSONPullParser<Source>.Limits(maximumDepth: Self.maximumNesting, maximumStringBytes: Self.maximumStringBytes)
        var shape = XCResultShape()
        var first = XCResultDocumentReader(try source(), name: name, limits: limits)
        try first.read(&shape)
        var second = XCResultDocumentReader(try source(), name: name, limits: limits)
        let walk = XCResultTreeWalk(devices: first.devices, configurations: first.configurations)
        var visitor = XCResultStreamingWalk(walk: walk, shape: shape, name: name, sink: sink)
        try second.read(&visitor)
        guard second.nodeCount == first.nodeCount else {
            throw TestResultsError("\(name) changed while they were read (\(first.nodeCount) nodes, then \(second.nodeCount))")
        }
        sink = visitor.sink
    }
}
