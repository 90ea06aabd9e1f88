import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NightshiftCore
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// The test step's JUnit, read back as Jenkins' JUnit plugin reads it (SuiteResult/CaseResult:
/// every testsuite holding testcases; a case fails with a failure or error child, is skipped with
/// a skipped child, passes otherwise; counted per case) and as Surefire's rerun format has it.
@Suite("JUnit: the test step's file", .temporaryDirectory)
struct JUnitTestsWriterTests {
    /// One case as the plugin sees it.
    struct JenkinsCase: Hashable {
        var fullName: String
        var outcome: TestOutcome
        var flakyFailures: Int
        var rerunFailures: Int
        var failures: Int
    }

    static func write(_ cases: [TestCaseResult], masker: SecretMasker = .none) throws -> (path: String, xml: String) {
        let path = try TemporaryDirectory.make() + "/tests.xml"
        try JUnitTestsWriter(name: "test", masker: masker).write(cases, to: path)
        return (path, try String(contentsOfFile: path, encoding: .utf8))
    }

    static func jenkinsCases(_ xml: String) throws -> (root: [String: Int], cases: [JenkinsCase]) {
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        var counts: [String: Int] = [:]
        for name in ["tests", "failures", "errors", "skipped"] { counts[name] = Int(root.attribute(forName: name)?.stringValue ?? "") }
        var cases: [JenkinsCase] = []
        for element in try document.nodes(forXPath: "//testsuite/testcase") as? [XMLElement] ?? [] {
            let failed = !element.elements(forName: "failure").isEmpty || !element.elements(forName: "error").isEmpty
            let skipped = !element.elements(forName: "skipped").isEmpty
            let classname = element.attribute(forName: "classname")?.stringValue ?? ""
            let name = element.attribute(forName: "name")?.stringValue ?? ""
            cases.append(
                JenkinsCase(
                    fullName: "\(classname).\(name)", outcome: failed ? .failed : skipped ? .skipped : .passed,
                    flakyFailures: element.elements(forName: "flakyFailure").count,
                    rerunFailures: element.elements(forName: "rerunFailure").count, failures: element.elements(forName: "failure").count))
        }
        return (counts, cases)
    }

    @Test("Jenkins' reading: one case per test, root counts per test, flakyFailure and rerunFailure")
    func jenkinsReading() throws {
        let cases = try ResultsFixtures.cases("retries-xcode26.json")
        let (_, xml) = try Self.write(cases)
        let (root, read) = try Self.jenkinsCases(xml)
        #expect(read.count == cases.count)
        #expect(Set(read.map(\.fullName)).count == read.count)
        // testThenSkipped failed, then was skipped: it never passed.
        #expect(root == ["tests": 6, "failures": 2, "errors": 0, "skipped": 0])
        #expect(read.filter { $0.outcome == .failed }.count == root["failures"])
        #expect(read.filter { $0.outcome == .skipped }.count == root["skipped"])
        let flaky = try #require(read.first { $0.fullName == "BrewerTests.LedgerTests.testFlaky()" })
        #expect(flaky == JenkinsCase(fullName: flaky.fullName, outcome: .passed, flakyFailures: 1, rerunFailures: 0, failures: 0))
        let failed = try #require(read.first { $0.fullName == "BrewerTests.LedgerTests.testRounding()" })
        #expect(failed == JenkinsCase(fullName: failed.fullName, outcome: .failed, flakyFailures: 0, rerunFailures: 2, failures: 1))
        let known = try #require(read.first { $0.fullName == "BrewerTests.PricingTests.Known rounding issue" })
        #expect(known.outcome == .passed)
    }

    @Test("golden: a flaky test and one that failed every time, in Surefire's rerun shape")
    func golden() throws {
        let cases = try ResultsFixtures.cases("retries-xcode26.json").filter { $0.suitePath == ["LedgerTests"] }
        let (_, xml) = try Self.write(Array(cases.prefix(2)))
        Golden.assertMatches(xml, file: Golden.folder() + "/Fixtures/xcresult/retries-xcode26.golden.junit.xml")
    }

    @Test("the reference result: every entry once, 64 / 13 / 7 at the root")
    func reference() throws {
        let cases = try ResultsFixtures.cases("reference/Xcode16-Mixed-XCTest-SwiftTesting.json")
        let (_, xml) = try Self.write(cases)
        let (root, read) = try Self.jenkinsCases(xml)
        #expect(root == ["tests": 64, "failures": 13, "errors": 0, "skipped": 7])
        #expect(read.count == 64)
        // 13 failed twice: one failure and one rerunFailure each; nothing is flaky.
        #expect(read.filter { $0.rerunFailures == 1 }.count == 13)
        #expect(read.allSatisfy { $0.flakyFailures == 0 })
    }

    @Test("hostile text: well-formed XML, control characters gone, ]]> and quotes escaped, names distinct")
    func hostile() throws {
        let cases = try ResultsFixtures.cases("parameterised-hostile.json")
        let (_, xml) = try Self.write(cases)
        let (_, read) = try Self.jenkinsCases(xml)
        #expect(read.count == cases.count)
        #expect(Set(read.map(\.fullName)).count == read.count)
        #expect(!xml.unicodeScalars.contains { ($0.value < 0x20 && ![0x9, 0xA, 0xD].contains($0.value)) || $0.value == 0xFFFE })
        #expect(!xml.contains("]]>"))
        #expect(xml.contains("Parses names (&quot;&lt;&amp;&gt;&quot; &apos;quoted&apos;)"))
    }

    @Test("every text is masked: names, arguments, messages")
    func masked() throws {
        let secret = "hunter2-secret-value"
        let test = TestCaseResult(
            identifier: "B/S/test_\(secret)()", bundle: "B", suitePath: ["S"], name: "test_\(secret)()", argument: secret,
            attempts: [
                TestAttempt(outcome: .failed, messages: [TestFailureMessage(text: "token \(secret) rejected", file: "S.swift", line: 1)]),
                TestAttempt(outcome: .failed, messages: [TestFailureMessage(text: "again \(secret)")]),
            ])
        let (_, xml) = try Self.write([test], masker: SecretMasker(secrets: [secret]))
        #expect(!xml.contains(secret))
        #expect(xml.contains("********"))
    }

    @Test("written beside and renamed over: an existing report is replaced whole; a FIFO or a folder is refused")
    func destinations() async throws {
        let folder = try TemporaryDirectory.make()
        let path = folder + "/tests.xml"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try JUnitTestsWriter(name: "t", masker: .none).write([], to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["tests.xml"])
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        #expect(try await shell.capture(ShellCommand("mkfifo", [folder + "/fifo"])).succeeded)
        for target in [folder + "/fifo", folder, folder + "/missing/tests.xml"] {
            #expect(throws: TestReportWriteError.self, "\(target)") { try JUnitTestsWriter(name: "t", masker: .none).write([], to: target) }
        }
    }

    @Test("a symlinked report path stays a link, as --junit's does: the file it names is replaced")
    func symlinkedDestination() throws {
        let folder = try TemporaryDirectory.make()
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/real.xml"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/tests.xml", withDestinationPath: "real.xml")
        try JUnitTestsWriter(name: "t", masker: .none).write([], to: folder + "/tests.xml")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/tests.xml") == "real.xml")
        #expect(try String(contentsOfFile: folder + "/real.xml", encoding: .utf8).hasPrefix("<?xml"))
    }

    @Test("an empty run is a valid file with zero counts")
    func empty() throws {
        let (_, xml) = try Self.write([])
        let (root, read) = try Self.jenkinsCases(xml)
        #expect(root == ["tests": 0, "failures": 0, "errors": 0, "skipped": 0] && read.isEmpty)
    }
}
