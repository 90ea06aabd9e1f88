import NightshiftEngine
@testable import NightshiftTesting
import Testing

/// XCTest's assertion text, read from `swift test`'s output where SwiftPM's xUnit file on Linux
/// says only "failure". The lines are as swift-corelibs-xctest (Swift 6.3.1, Linux) printed them
/// for the tiny package of SwiftPackageTestStepTests.
@Suite("XCTest's failure lines in swift test's output")
struct XCTestFailureLinesTests {
    static let output = """
        Test Suite 'Selected tests' started at 2026-11-29 02:00:00.123
        Test Case 'TinyTests.testFails' started at 2026-11-29 02:00:00.124
        /tmp/tiny/Tests/TinyTests/TinyTests.swift:7: error: TinyTests.testFails : XCTAssertEqual failed: ("2") is not equal to ("3") - two is not three
        /tmp/tiny/Tests/TinyTests/TinyTests.swift:7: error: TinyTests.testFails : XCTAssertTrue failed - again
        Test Case 'TinyTests.testFails' failed (0.001 seconds)
        Test Case 'TinyTests.testFlaky' started at 2026-11-29 02:00:00.125
        /tmp/tiny/Tests/TinyTests/TinyTests.swift:13: error: TinyTests.testFlaky : failed - first run
        Test Case 'TinyTests.testFlaky' failed (0.002 seconds)
        some log line: error: that is not XCTest's : at all
        """

    @Test("each failure line is kept by test, with its file and line, in the order printed, across chunk boundaries")
    func collected() {
        let lines = XCTestFailureLines()
        let bytes = Array(Self.output.utf8)
        // Chunks that split lines and multi-byte characters alike.
        for start in stride(from: 0, to: bytes.count, by: 37) { lines.receive(Array(bytes[start..<min(start + 37, bytes.count)])) }
        let failures = lines.finish()
        #expect(failures.keys.sorted() == ["TinyTests.testFails", "TinyTests.testFlaky"])
        #expect(
            failures["TinyTests.testFails"] == [
                TestFailureMessage(
                    text: #"XCTAssertEqual failed: ("2") is not equal to ("3") - two is not three"#,
                    file: "/tmp/tiny/Tests/TinyTests/TinyTests.swift", line: 7),
                TestFailureMessage(text: "XCTAssertTrue failed - again", file: "/tmp/tiny/Tests/TinyTests/TinyTests.swift", line: 7),
            ])
        #expect(failures["TinyTests.testFlaky"]?.first?.text == "failed - first run")
    }

    @Test("macOS's XCTest names the test -[Module.Class test]: read the same way")
    func darwinSpelling() {
        let parsed = XCTestFailureLines.parse(
            "/Users/ci/tiny/Tests/TinyTests/TinyTests.swift:7: error: -[TinyTests.TinyTests testFails] : XCTAssertEqual failed: (\"2\") is not equal to (\"3\")"
        )
        #expect(parsed?.test == "TinyTests.testFails")
        #expect(parsed?.message.line == 7)
    }

    @Test("a failed XCTest case whose xUnit message has no location takes the printed ones; one with a location, and passes, keep theirs")
    func recovered() {
        let printed = ["TinyTests.testFails": [TestFailureMessage(text: "XCTAssertEqual failed", file: "T.swift", line: 7)]]
        let failed = TestCaseResult(
            identifier: "TinyTests.TinyTests/testFails", bundle: "TinyTests", suitePath: ["TinyTests"], name: "testFails",
            attempts: [TestAttempt(outcome: .failed, messages: [TestFailureMessage(text: "failure")])])
        let located = TestCaseResult(
            identifier: "TinyTests.TinyTests/testFails", bundle: "TinyTests", suitePath: ["TinyTests"], name: "testFails",
            attempts: [TestAttempt(outcome: .failed, messages: [TestFailureMessage(text: "own", file: "U.swift", line: 1)])])
        let recovered = [failed, located].recovering(printed)
        #expect(recovered[0].attempts[0].messages == printed["TinyTests.testFails"])
        #expect(recovered[1] == located)
    }
}
