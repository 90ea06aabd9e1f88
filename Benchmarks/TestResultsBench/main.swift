import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftTesting

// `nightshift-test-results-bench --generate FILE COUNT` writes a `xcresulttool get test-results
// tests` result of COUNT tests in a realistic shape: five bundles, XCTest suites and nested
// Swift Testing suites, one test in ten parameterised (three arguments), one in twenty retried
// (Xcode 26 `First Run`/`Retry 1`, some flaky, some failing every time), failure messages, and
// durations as numbers and as localised text.
// `nightshift-test-results-bench FILE OUT` reads FILE as a test step does (streamed into the
// merger) and writes it as JUnit to OUT, printing the tests read and the seconds taken
// (scripts/bench-tests measures time and peak RSS around it); with `--step` first, it goes on
// as the step's finish does: the check, and the records for the reports and the run history.

/// A small deterministic generator, so every run writes the same file.
struct Sequence64 {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// Writes JSON text to a file in 1 MB pieces.
final class JSONOut {
    private let handle: FileHandle
    private var pending = ""

    init(path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { fatalError("cannot write \(path)") }
        self.handle = handle
    }

    func write(_ text: String) {
        pending += text
        if pending.utf8.count > 1 << 20 { flush() }
    }

    func flush() {
        handle.write(Data(pending.utf8))
        pending = ""
    }

    func close() {
        flush()
        try? handle.close()
    }
}

func generate(path: String, count: Int) {
    var random = Sequence64()
    let out = JSONOut(path: path)
    func message(_ line: Int) -> String {
        #"{"nodeType":"Failure Message","name":"LedgerTests.swift:\#(line): XCTAssertEqual failed: (\"1.01\") is not equal to (\"1.0\")","result":"Failed"}"#
    }
    func duration() -> String {
        random.next(2) == 0 ? #""durationInSeconds":0.\#(random.next(999) + 1)"# : #""duration":"0,0\#(random.next(99) + 1)s""#
    }
    func runs(passesAtLast: Bool) -> String {
        let first =
            #"{"nodeType":"Test Case Run","name":"First Run","result":"Failed",\#(duration()),"children":[\#(message(random.next(400)))]}"#
        let last =
            passesAtLast
            ? #"{"nodeType":"Test Case Run","name":"Retry 1","result":"Passed",\#(duration())}"#
            : #"{"nodeType":"Test Case Run","name":"Retry 1","result":"Failed",\#(duration()),"children":[\#(message(random.next(400)))]}"#
        return first + "," + last
    }
    out.write(
        #"{"devices":[{"deviceId":"A","deviceName":"iPhone 16","modelName":"iPhone 16","osVersion":"18.2","platform":"iOS Simulator","architecture":"arm64"}],"#
    )
    out.write(
        #""testPlanConfigurations":[{"configurationId":"1","configurationName":"Default"}],"testNodes":[{"nodeType":"Test Plan","name":"Brewer","result":"Failed","children":["#
    )
    let bundles = 5
    let suitesPerBundle = max(1, count / bundles / 20)
    var written = 0
    for bundle in 0..<bundles {
        if bundle > 0 { out.write(",") }
        out.write(#"{"nodeType":"Unit test bundle","name":"Bundle\#(bundle)Tests","result":"Failed","children":["#)
        for suite in 0..<suitesPerBundle {
            let perSuite = bundle == bundles - 1 && suite == suitesPerBundle - 1 ? count - written : min(20, count - written)
            guard perSuite > 0 else { break }
            if suite > 0 { out.write(",") }
            // Swift Testing nests suites; XCTest does not.
            let nested = bundle % 2 == 1
            out.write(#"{"nodeType":"Test Suite","name":"Suite\#(suite)","result":"Failed","children":["#)
            if nested { out.write(#"{"nodeType":"Test Suite","name":"Nested \#(suite)","result":"Failed","children":["#) }
            for test in 0..<perSuite {
                if test > 0 { out.write(",") }
                let identifier = nested ? "Suite\(suite)/Nested\(suite)/test\(test)()" : "Suite\(suite)/test\(test)()"
                let name = nested ? "Test number \(test)" : "test\(test)()"
                let shape = random.next(100)
                out.write(#"{"nodeType":"Test Case","name":"\#(name)","nodeIdentifier":"\#(identifier)",\#(duration()),"#)
                if shape < 10 {
                    let arguments = (0..<3).map { #"{"nodeType":"Arguments","name":"\"value \#($0)\"","result":"Passed"}"# }
                    out.write(#""result":"Passed","children":[\#(arguments.joined(separator: ","))]}"#)
                } else if shape < 15 {
                    let flaky = shape < 13
                    out.write(#""result":"\#(flaky ? "Passed" : "Failed")","children":[\#(runs(passesAtLast: flaky))]}"#)
                } else if shape < 17 {
                    out.write(
                        #""result":"Skipped","children":[{"nodeType":"Failure Message","name":"Test skipped - not today","result":"Skipped"}]}"#
                    )
                } else {
                    out.write(#""result":"Passed"}"#)
                }
            }
            written += perSuite
            if nested { out.write("]}") }
            out.write("]}")
        }
        out.write("]}")
    }
    out.write("]}]}\n")
    out.close()
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--generate", let count = Int(arguments[3]) {
    generate(path: arguments[2], count: count)
} else if arguments.count == 3 || (arguments.count == 4 && arguments[1] == "--step") {
    let step = arguments.count == 4
    let (input, output) = (arguments[arguments.count - 2], arguments[arguments.count - 1])
    let start = Date()
    do {
        // As a test step reads a shard: streamed into the merger, which keeps the cases on disk,
        // counting them for the check.
        var merger = TestResultsMerger()
        let counts = try merger.reading { (merger: inout TestResultsMerger) throws(TestResultsError) in
            try XCResultTestsReader().read(contentsOf: input, into: &merger)
        }
        let read = Date()
        let masker = SecretMasker(secrets: ["not-in-the-results-0123"])
        let tally = try JUnitTestsWriter(name: "test", masker: masker).write(merger.results, to: output)
        let done = Date()
        var extra = ""
        if step {
            // `--step`: the rest of what the step's finish does with them, as the lane reports and
            // the run history then do: the check, the report's records masked, each read once.
            let verdict = TestRunCheck.verdict(
                invocations: [TestInvocation(exitStatus: 65, summary: nil, counts: counts)], final: merger.results)
            let report = TestStepReport(results: merger.results, junitPath: output).masked(by: masker)
            var history = 0
            for record in report.tests where !record.identifier.isEmpty { history += 1 }
            extra =
                ", step: \(verdict.reasons.count) reasons, \(history) records for the history, "
                + String(format: "%.3f", Date().timeIntervalSince(done)) + " s"
        }
        print(
            "\(merger.count) cases (\(tally.total) tests, \(tally.failed) failed, \(tally.flaky) flaky): read "
                + String(format: "%.3f", read.timeIntervalSince(start)) + " s, JUnit "
                + String(format: "%.3f", done.timeIntervalSince(read)) + " s, total "
                + String(format: "%.3f", done.timeIntervalSince(start)) + " s" + extra)
    } catch {
        print("error: \(error)")
        exit(1)
    }
} else {
    print("usage: nightshift-test-results-bench --generate FILE COUNT | [--step] FILE OUT.xml")
    exit(2)
}
