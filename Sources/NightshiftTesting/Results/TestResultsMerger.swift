import NightshiftEngine

/// One step's results from several xcodebuild (or `swift test`) invocations: shards, run side by
/// side on disjoint tests, are added; re-runs of the tests that still failed append their
/// attempts to the same test (matched by `TestCaseKey`), so each test stays one case, in the
/// order it was first reported.
///
/// In flat memory whatever the number of tests: each case read goes to a scratch file as bytes
/// (`TestCaseSpill`); what stays is its place (8 bytes), a slot of the key index (8 bytes at
/// most three quarters full) and, for a test met again, the places of its later readings. `results` reads the cases back, one at a time.
public struct TestResultsMerger: Sendable, TestCaseSink {
    private let spill = TestCaseSpill()
    /// Each test's first reading, in the order first reported.
    private var firsts = TestCasePlaces()
    /// A test's later readings (a re-run's, a shard's that ran it too), by its position in `firsts`.
    private var later: [Int32: [TestCaseSpill.Place]] = [:]
    /// Each test's position by its key.
    private var index = TestKeyIndex()
    /// The invocation being read, counted for the check while `reading` runs.
    private var counting: TestInvocationCounts?

    public init() {}

    /// A shard's results, or a first run's. A test already seen (a shard that ran it too) gets
    /// these attempts appended, as a re-run's would.
    public mutating func addShard(_ cases: some Sequence<TestCaseResult>) { for test in cases { add(test) } }

    /// A re-run's results: each test's attempts go after those it already has. A test the
    /// re-run reports but no earlier run did is added (a parameterised test's new argument).
    public mutating func addRetry(_ cases: some Sequence<TestCaseResult>) { for test in cases { add(test) } }

    /// One invocation's cases, as `readCases` hands them to the merger, counted on the way: what the
    /// check keeps of an invocation, rather than its cases.
    public mutating func reading<Failure: Error>(_ readCases: (inout Self) throws(Failure) -> Void) throws(Failure) -> TestInvocationCounts
    {
        counting = TestInvocationCounts()
        defer { counting = nil }
        try readCases(&self)
        return counting ?? TestInvocationCounts()
    }

    /// One case, as a reader meets it: its attempts go after those of the same test already here.
    public mutating func add(_ test: TestCaseResult) {
        counting?.add(test)
        let key = test.key
        let place = spill.append(test)
        if let position = position(of: key) {
            later[position, default: []].append(place)
            return
        }
        index.insert(key, at: Int32(firsts.count))
        firsts.append(place)
    }

    private func position(of key: TestCaseKey) -> Int32? {
        index.position(of: key) { spill.read(firsts[Int($0)])?.key == key }
    }

    /// Every test once, in the order first reported, read back one at a time.
    public var results: TestCaseResults { TestCaseResults(merger: self) }

    /// The number of tests.
    public var count: Int { firsts.count }

    /// The test at `position` with every attempt of every reading. A case whose bytes cannot be
    /// read back (the scratch file failed under it) is a failure that says so, never a pass.
    func result(at position: Int) -> TestCaseResult {
        guard var test = spill.read(firsts[position]) else { return Self.unreadable }
        for place in later[Int32(position)] ?? [] {
            test.attempts += spill.read(place)?.attempts ?? Self.unreadable.attempts
        }
        return test
    }

    private static let unreadable = TestCaseResult(
        identifier: "nightshift", bundle: "", suitePath: [], name: "results",
        attempts: [TestAttempt(outcome: .failed, messages: [TestFailureMessage(text: "a test's results could not be read back from disk")])]
    )

    /// The identifiers still failing: what the next re-run passes to `-only-testing` or
    /// `--filter`, each once, in order.
    public var failingIdentifiers: [String] {
        var seen = Set<String>()
        var failing: [String] = []
        for test in results where test.outcome == .failed && seen.insert(test.identifier).inserted { failing.append(test.identifier) }
        return failing
    }
}

/// A merger's tests in the order first reported, each read back from disk when asked for:
/// iterate it rather than keep it, and memory stays flat.
public struct TestCaseResults: RandomAccessCollection, Sendable {
    let merger: TestResultsMerger

    public var startIndex: Int { 0 }
    public var endIndex: Int { merger.count }
    public subscript(position: Int) -> TestCaseResult { merger.result(at: position) }
}
