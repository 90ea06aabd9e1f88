import Foundation
import NightshiftEngine
import NightshiftTesting
import Testing

/// The reader on hand-made results for what the recorded one lacks: Xcode 26 repetitions,
/// hostile arguments, several devices and configurations, unknown node types, durations.
@Suite("xcresult: made fixtures")
struct XCResultFixtureResultsTests {
    @Test("Xcode 26: First Run then Retry 1 is flaky; failed every time is failed; the last attempt decides")
    func xcode26Retries() throws {
        let cases = try ResultsFixtures.cases("retries-xcode26.json")
        let flaky = try #require(ResultsFixtures.only(cases, "BrewerTests/LedgerTests/testFlaky()"))
        #expect(flaky.outcome == .passed && flaky.isFlaky)
        #expect(flaky.attempts.map(\.label) == ["First Run", "Retry 1"])
        #expect(flaky.durationSeconds == 0.125)
        let rounding = try #require(ResultsFixtures.only(cases, "BrewerTests/LedgerTests/testRounding()"))
        #expect(rounding.outcome == .failed && !rounding.isFlaky)
        #expect(rounding.attempts.count == 3)
        #expect(rounding.attempts[0].messages.count == 2)
        #expect(
            rounding.attempts[0].messages[0]
                == TestFailureMessage(
                    text: #"XCTAssertEqual failed: ("1.01") is not equal to ("1.0")"#, file: "LedgerTests.swift", line: 38))
        // Xcode's aggregate says Failed; the last attempt was skipped: it never passed, so it failed.
        let skipped = try #require(ResultsFixtures.only(cases, "BrewerTests/LedgerTests/testThenSkipped()"))
        #expect(skipped.outcome == .failed && !skipped.isFlaky)
        // Swift Testing repeats passing tests too: two passes are not flaky.
        let pricing = try #require(ResultsFixtures.only(cases, "BrewerTests/PricingTests/roundsUp()"))
        #expect(pricing.outcome == .passed && !pricing.isFlaky && pricing.attempts.count == 2)
        // The suite by its type name, as the identifier has it; the test by its display name.
        #expect(pricing.suitePath == ["PricingTests"] && pricing.name == "Prices round up")
        let known = try #require(ResultsFixtures.only(cases, "BrewerTests/PricingTests/knownIssue()"))
        #expect(known.outcome == .expectedFailure && known.outcome.isPass)
        #expect(TestTally(records: cases.map(\.record)) == TestTally(passed: 3, failed: 2, skipped: 0, expectedFailures: 1, flaky: 1))
    }

    @Test("parameterised: one case per argument, whatever its text, each with its own attempts")
    func parameterised() throws {
        let cases = try ResultsFixtures.cases("parameterised-hostile.json")
        let parses = cases.filter { $0.identifier == "BrewerTests/ParsingTests/parses(name:)" }
        #expect(
            parses.map(\.argument) == [
                "", "\"<&>\" 'quoted'", "tab\there\rcarriage\nnewline", "nul\u{0}bell\u{7}esc\u{1B}[31m", "]]>", "café ☕️ \u{FFFE}",
            ])
        #expect(parses.map(\.outcome) == [.passed, .passed, .passed, .failed, .skipped, .passed])
        #expect(parses.map(\.isFlaky) == [false, false, false, false, false, true])
        #expect(JUnitNaming.name(of: parses[1]) == "Parses names (\"<&>\" 'quoted')")
        let launch = cases.filter { $0.identifier == "BrewerTests/LaunchTests/testLaunch" }
        #expect(
            launch.map { JUnitNaming.name(of: $0) } == ["testLaunch(Dark Appearance, Portrait)", "testLaunch(Light Appearance, Landscape)"])
        #expect(cases.map(\.key).count == Set(cases.map(\.key)).count)
        // Without a duration of its own, an argument takes the test case's.
        #expect(parses[0].durationSeconds == 0.001)
        #expect(parses[1].durationSeconds == 0.004)
    }

    @Test("several devices and configurations: a case each, named apart")
    func devicesAndConfigurations() throws {
        let cases = try ResultsFixtures.cases("devices-and-configurations.json")
        let rounding = cases.filter { $0.identifier == "BrewerTests/LedgerTests/testRounding()" }
        #expect(rounding.map(\.device) == ["iPhone 16 (18.2)", "iPad Air (17.5)"])
        #expect(rounding.map(\.outcome) == [.passed, .failed])
        let locale = cases.filter { $0.identifier == "BrewerTests/LedgerTests/testLocale()" }
        #expect(locale.count == 4)
        #expect(
            Set(locale.map { JUnitNaming.name(of: $0) }) == [
                "testLocale() [iPhone 16 (18.2), English]", "testLocale() [iPad Air (17.5), English]",
                "testLocale() [iPhone 16 (18.2), German]", "testLocale() [iPad Air (17.5), German]",
            ])
        // Test Case Runs named after a device split by device; they are not repetitions.
        let runs = cases.filter { $0.identifier == "BrewerTests/LedgerTests/testRuns()" }
        #expect(runs.map(\.device) == ["iPhone 16 (18.2)", "iPad Air (17.5)"])
        #expect(runs.allSatisfy { $0.attempts.count == 1 })
        let checkout = try #require(ResultsFixtures.only(cases, "BrewerUITests/FlowTests/testCheckout()"))
        #expect(checkout.device == "iPad Air (17.5)")
        #expect(checkout.durationSeconds == 62.5)
        #expect(Set(cases.map { "\(JUnitNaming.classname(of: $0)).\(JUnitNaming.name(of: $0))" }).count == cases.count)
    }

    @Test("one device: no device in the case, so a shard's failure and its re-run on another simulator are one test")
    func oneDevice() throws {
        func results(simulator: String, result: String) -> Data {
            Data(
                #"""
                {"devices": [{"deviceId": "\#(simulator)", "deviceName": "\#(simulator)", "osVersion": "18.2"}], "testPlanConfigurations": [],
                 "testNodes": [{"name": "Brewer", "nodeType": "Test Plan", "children": [{"name": "BrewerTests", "nodeType": "Unit test bundle",
                  "children": [{"name": "testTotals()", "nodeType": "Test Case", "nodeIdentifier": "LedgerTests/testTotals()", "result": "\#(result)",
                   "children": [{"name": "\#(simulator)", "nodeType": "Device", "nodeIdentifier": "\#(simulator)", "result": "\#(result)"}]},
                   {"name": "testSum()", "nodeType": "Test Case", "nodeIdentifier": "LedgerTests/testSum()", "result": "\#(result)",
                   "children": [{"name": "\#(simulator)", "nodeType": "Test Case Run", "result": "\#(result)"}]}]}]}]}
                """#.utf8)
        }
        var merger = TestResultsMerger()
        merger.addShard(try XCResultTestsReader().read(results(simulator: "nightshift-run-2", result: "Failed")))
        merger.addRetry(try XCResultTestsReader().read(results(simulator: "nightshift-run-1", result: "Passed")))
        #expect(merger.results.map(\.device) == [nil, nil])
        #expect(merger.results.map(\.isFlaky) == [true, true])
        #expect(merger.failingIdentifiers.isEmpty)
    }

    @Test("unknown node types are looked through, unknown results fail, odd values read as absent")
    func unknownNodeTypes() throws {
        let cases = try ResultsFixtures.cases("unknown-node-types.json")
        #expect(
            cases.map(\.identifier) == [
                "BrewerTests/LedgerTests/testA()", "BrewerTests/LedgerTests/testB()", "BrewerTests/LedgerTests/testC()",
            ])
        #expect(cases.map(\.outcome) == [.passed, .failed, .passed])
        #expect(cases[1].attempts.last?.messages.last?.text.contains("Something New") == true)
        #expect(cases[2].durationSeconds == 0)
    }

    @Test("durations: durationInSeconds first, then the localised text in every form, else 0")
    func durations() throws {
        let cases = try ResultsFixtures.cases("durations.json")
        #expect(cases.map(\.durationSeconds) == [0.00062, 0.018, 2, 62.5, 3723, 0, 0, 2.25, 0, 0, 0, 0, 0.012])
        #expect(TestDurationText.seconds("1m 2,5s") == 62.5)
        #expect(TestDurationText.seconds("1h") == 3600)
        #expect(TestDurationText.seconds("0,0068s") == 0.0068)
        for text in ["s", "m", ",s", "1..2s", "1 2s", "NaNs", "infs", "--1s", String(repeating: "9", count: 400) + "s"] {
            let seconds = TestDurationText.seconds(text)
            #expect(seconds.isFinite && seconds >= 0, "\(text)")
        }
    }
}
