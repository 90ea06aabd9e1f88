import Foundation
import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// Results a broken or hostile tool could give: a clear error or a tolerant reading, never a
/// crash or a hang.
@Suite("xcresult: bad input", .temporaryDirectory)
struct XCResultBadInputResultsTests {
    @Test("truncated JSON: an error that says so")
    func truncated() throws {
        let whole = try ResultsFixtures.data("retries-xcode26.json")
        for cut in [1, 10, whole.count / 2, whole.count - 2] {
            #expect(throws: TestResultsError.self) { try XCResultTestsReader().read(whole.prefix(cut)) }
        }
        let error = try #require(throws: TestResultsError.self) {
            try XCResultTestsReader().read(whole.prefix(100), source: "shard-1.json")
        }
        #expect(error.message.hasPrefix("shard-1.json are not"))
    }

    @Test("not a result: empty, an array, a number, children that are not nodes")
    func notAResult() {
        for text in ["", "[]", "42", #"{"testNodes": [{"children": 3}]}"#, #"{"testNodes": "x"}"#] {
            #expect(throws: TestResultsError.self, "\(text)") { try XCResultTestsReader().read(Data(text.utf8)) }
        }
        // An object without any of the keys is an empty result, not an error: the check fails the run.
        #expect((try? XCResultTestsReader().read(Data("{}".utf8)))?.isEmpty == true)
    }

    @Test("deep nesting is refused before decoding, whatever the depth")
    func deepNesting() throws {
        let depth = 100_000
        let deep = String(repeating: #"{"children":["#, count: depth) + String(repeating: "]}", count: depth)
        let error = try #require(throws: TestResultsError.self) { try XCResultTestsReader().read(Data(deep.utf8)) }
        #expect(error.message.contains("deeper than"))
        // Brackets inside strings do not count.
        let quoted = #"{"testNodes":[{"name":""# + String(repeating: "[{", count: 1000) + #"","nodeType":"Test Plan"}]}"#
        #expect((try? XCResultTestsReader().read(Data(quoted.utf8))) != nil)
    }

    @Test("NUL and control characters in names, ]]> in messages: read as they are")
    func controlCharacters() throws {
        let json =
            #"{"testNodes":[{"nodeType":"Test Case","name":"a\u0000b\u0001","nodeIdentifier":"S/a\u0000b()","result":"Failed","children":[{"nodeType":"Failure Message","name":"F.swift:1: ]]> \u0007"}]}]}"#
        let cases = try XCResultTestsReader().read(Data(json.utf8))
        #expect(cases.map(\.name) == ["a\u{0}b\u{1}"])
        #expect(cases.first?.attempts.first?.messages.first?.text == "]]> \u{7}")
    }

    @Test("a FIFO, a folder and a missing file: errors, never a read that blocks")
    func notRegularFiles() async throws {
        let folder = try TemporaryDirectory.make()
        let fifo = "\(folder)/fifo"
        let shell = ProcessShellRunner(environment: EnvironmentVariables(ProcessInfo.processInfo.environment))
        #expect(try await shell.capture(ShellCommand("mkfifo", [fifo])).succeeded)
        let what = "xcresulttool's test results"
        for (path, reason) in [(fifo, "it is a FIFO"), (folder, "it is a folder"), ("\(folder)/missing.json", "no such file")] {
            #expect(throws: TestResultsError("cannot read \(what) '\(path)': \(reason)")) {
                try XCResultTestsReader().read(contentsOf: path)
            }
            #expect(throws: TestResultsError("cannot read xcresulttool's summary '\(path)': \(reason)")) {
                try XCResultSummaryReader().read(contentsOf: path)
            }
        }
    }

    @Test("a large result reads in one pass: 20,000 tests")
    func large() throws {
        var json = #"{"testNodes":[{"nodeType":"Test Plan","name":"P","children":[{"nodeType":"Unit test bundle","name":"B","children":["#
        json += (0..<20_000).map { #"{"nodeType":"Test Case","name":"t\#($0)()","nodeIdentifier":"S/t\#($0)()","result":"Passed"}"# }
            .joined(separator: ",")
        json += "]}]}]}"
        #expect(try XCResultTestsReader().read(Data(json.utf8)).count == 20_000)
    }

    @Test("summaries: absent counts are 0, an absent result is unknown; truncated is an error")
    func summaries() throws {
        let summary = try XCResultSummaryReader().read(Data(#"{"failedTests": "three"}"#.utf8))
        #expect(summary.result == "unknown" && summary.failedTests == 0)
        #expect(throws: TestResultsError.self) { try XCResultSummaryReader().read(Data(#"{"result": "Fai"#.utf8)) }
        let crash = try ResultsFixtures.summary("crash-summary.json")
        #expect(crash.failedTests == 1 && crash.totalTestCount == 2 && crash.devicesAndConfigurations == 1)
        #expect(crash.testFailures.first?.testIdentifier == "LedgerTests/testCrashes()")
    }
}
