import Foundation
import NightshiftEngine
import NightshiftTestSupport
@testable import NightshiftTesting
import Testing

/// `swift test --xunit-output` as Swift 6.3.1 wrote it on this machine (Fixtures/xunit/README.md):
/// the XCTest file and its `-swift-testing` sibling, both read.
@Suite("SwiftPM xUnit", .temporaryDirectory)
struct SwiftPMXUnitTests {
    @Test("the Swift Testing file goes beside the XCTest one, before the extension")
    func siblingName() {
        #expect(SwiftPMXUnitReader.swiftTestingPath(for: "out/tests.xml") == "out/tests-swift-testing.xml")
        #expect(SwiftPMXUnitReader.swiftTestingPath(for: "out.d/tests") == "out.d/tests-swift-testing")
        #expect(SwiftPMXUnitReader.swiftTestingPath(for: ".xml") == ".xml-swift-testing")
    }

    @Test("the recorded pair: XCTest and Swift Testing cases, outcomes and messages")
    func recorded() throws {
        let cases = try SwiftPMXUnitReader().read(xunitOutput: ResultsFixtures.path("swift-6.3.1-linux-recorded.xml", in: "xunit"))
        #expect(
            cases.map(\.identifier) == [
                "LedgerTests.LedgerTests/testPasses", "LedgerTests.LedgerTests/testRounding", "LedgerTests.LedgerTests/testSkipped",
                "LedgerTests.RoundingSuite/later()", "LedgerTests.RoundingSuite/halves()", "LedgerTests.RoundingSuite/passes()",
                "LedgerTests.RoundingSuite/keeps(value:)",
            ])
        // XCTest's file writes a skip as a pass (SwiftPM's limitation, said in the README).
        #expect(cases.map(\.outcome) == [.passed, .failed, .passed, .skipped, .failed, .passed, .failed])
        #expect(cases[3].attempts.first?.messages.first?.text == "not yet")
        #expect(cases[4].attempts.first?.messages.first?.text == "Expectation failed: (rounded(0.125) → 0.13) == 0.12 (error)")
        #expect(cases[0].bundle == "LedgerTests" && cases[0].suitePath == ["LedgerTests"])
        #expect(cases[1].durationSeconds == 0.019332399)
    }

    @Test("durations that are none (inf, NaN, negative, 1e308) read as 0, or a week at most (one trapped the HTML report)")
    func hostileDurations() throws {
        let folder = try TemporaryDirectory.make()
        let times = ["inf", "NaN", "-1", "1e308", "0.5"]
        let cases = times.enumerated().map { #"<testcase classname="M.C" name="t\#($0.offset)" time="\#($0.element)"/>"# }
        try (#"<?xml version="1.0"?><testsuites><testsuite name="M">"# + cases.joined() + "</testsuite></testsuites>")
            .write(toFile: folder + "/tests.xml", atomically: true, encoding: .utf8)
        let read = try SwiftPMXUnitReader().read(xunitOutput: folder + "/tests.xml")
        #expect(read.map(\.durationSeconds) == [0, 0, 0, 7 * 86_400, 0.5])
        let records = read.map(\.record)
        #expect(records.allSatisfy { $0.durationSeconds.isFinite && $0.durationSeconds >= 0 })
    }

    @Test("either file may be missing; a truncated one fails the case it cut")
    func partial() throws {
        let folder = try TemporaryDirectory.make()
        #expect(try SwiftPMXUnitReader().read(xunitOutput: folder + "/tests.xml").isEmpty)
        let recorded = try String(contentsOfFile: ResultsFixtures.path("swift-6.3.1-linux-recorded.xml", in: "xunit"), encoding: .utf8)
        let cut = String(recorded.prefix(upTo: recorded.range(of: "<failure")!.lowerBound))
        let cases = try SwiftPMXUnitReader().read(Data(cut.utf8))
        #expect(cases.map(\.outcome) == [.passed, .failed])
        #expect(cases.last?.attempts.last?.messages.last?.text == "the xUnit output ends inside this test")
    }

    @Test("not xUnit: an error; entities, CDATA and comments read")
    func shapes() throws {
        #expect(throws: TestResultsError.self) { try SwiftPMXUnitReader().read(Data("<html><body/></html>".utf8)) }
        let xml = """
            <?xml version="1.0"?><!-- c --><testsuites><testsuite name="T">
            <testcase classname="M.S" name="a&amp;b&#x41;&#66;" time="x"><failure><![CDATA[F.swift:3: boom ]]></failure></testcase>
            </testsuite></testsuites>
            """
        let cases = try SwiftPMXUnitReader().read(Data(xml.utf8))
        #expect(cases.map(\.name) == ["a&bAB"])
        #expect(cases.first?.durationSeconds == 0)
        #expect(cases.first?.attempts.first?.messages.first == TestFailureMessage(text: "boom", file: "F.swift", line: 3))
    }

    @Test("a failure message of 20 MB keeps its first 16 KiB and says how much it left out; its file and line still read")
    func hugeMessage() throws {
        let huge = String(repeating: "m", count: 20 << 20)
        let xml = """
            <testsuites><testsuite name="T">
            <testcase classname="M.S" name="a"><failure message="\(huge)"/></testcase>
            <testcase classname="M.S" name="b"><failure message="F.swift:9: \(huge)é"/></testcase>
            </testsuite></testsuites>
            """
        let cases = try SwiftPMXUnitReader().read(Data(xml.utf8))
        let plain = try #require(cases.first?.attempts.first?.messages.first)
        #expect(plain.text.utf8.count <= 16 * 1024)
        #expect(plain.text.hasPrefix(String(repeating: "m", count: 1000)))
        #expect(plain.text.hasSuffix("… (\((20 << 20) - (16 * 1024 - 40)) more bytes)"), "\(plain.text.suffix(60))")
        // Bounded once: a message read back (from the spill, a journal) stays as it was.
        #expect(TestFailureMessage(text: plain.text) == plain)
        let located = try #require(cases.last?.attempts.first?.messages.first)
        #expect(located.file == "F.swift" && located.line == 9)
        #expect(located.text.hasSuffix(" more bytes)") && located.text.utf8.count <= 16 * 1024)
    }

    @Test("a test with 5,000 failures keeps the first 20 and counts the rest")
    func manyFailures() throws {
        let failures = (1...5000).map { #"<failure message="F.swift:\#($0): boom"/>"# }.joined()
        let xml =
            #"<testsuites><testsuite name="T"><testcase classname="M.S" name="a">"# + failures + "</testcase></testsuite></testsuites>"
        let messages = try #require(SwiftPMXUnitReader().read(Data(xml.utf8)).first?.attempts.first?.messages)
        #expect(messages.count == 21)
        #expect(messages.first == TestFailureMessage(text: "boom", file: "F.swift", line: 1))
        #expect(messages.last?.text == "… and 4980 more messages")
    }

    @Test("a test failing in 1,000 repetitions lists its first 20 earlier failures in JUnit and counts the rest")
    func manyAttempts() throws {
        let attempts = (1...1000).map { TestAttempt(outcome: .failed, messages: [TestFailureMessage(text: "boom \($0)")]) }
        let test = TestCaseResult(identifier: "M.S/a", bundle: "M", suitePath: ["S"], name: "a", attempts: attempts)
        let element = JUnitTestCaseElement.testCase(test)
        #expect(element.elements.count == 21)
        #expect(element.systemOut == "979 more failed attempts are not listed (the first 20 are)")
    }

    @Test("an xUnit file over 1 GiB is refused before a byte is read, naming its size")
    func oversized() throws {
        let folder = try TemporaryDirectory.make()
        let path = folder + "/tests-swift-testing.xml"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("<testsuites>".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(SwiftPMXUnitReader.maximumSize) + 1)
        try handle.close()
        let error = #expect(throws: TestResultsError.self) { try SwiftPMXUnitReader().read(xunitOutput: folder + "/tests.xml") }
        #expect("\(error.map { "\($0)" } ?? "")".contains("is 1073741825 bytes, more than any real result"))
    }
}
