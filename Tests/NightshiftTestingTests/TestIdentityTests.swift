import Foundation
import NightshiftCore
import NightshiftEngine
import NightshiftTestSupport
import NightshiftTesting
import Testing

/// What one test is, whatever its name prints: its suites by the structure the tool wrote, not
/// by the `/` and `.` its name may hold (Swift 6.2 raw identifiers), and its parameterised
/// arguments by position, not by how they print.
@Suite("Test identity: names by structure, arguments by position", .temporaryDirectory)
struct TestIdentityTests {
    /// Swift Testing's xUnit file as swift test 6.3.1 writes it here for a raw identifier in a
    /// suite, a suite named with a raw identifier holding a dot, and a free function.
    static let swiftTestingXUnit = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites><testsuite name="TestResults" errors="0" tests="3" failures="3" time="0.1">
        <testcase classname="MathTests.Halves" name="`half of 1/2`()" time="0.01"><failure message="Expectation failed" /></testcase>
        <testcase classname="MathTests.`A.B Suite`.Inner" name="t()" time="0.01"><failure message="Expectation failed" /></testcase>
        <testcase classname="MathTests" name="free()" time="0.01"><failure message="Expectation failed" /></testcase>
        </testsuite></testsuites>
        """

    @Test("a Swift Testing name holding / and a suite holding a dot: JUnit classname and console line by structure")
    func rawIdentifiersFromSwiftPM() throws {
        let folder = try TemporaryDirectory.make()
        try Self.swiftTestingXUnit.write(toFile: folder + "/tests-swift-testing.xml", atomically: true, encoding: .utf8)
        let cases = try SwiftPMXUnitReader().read(xunitOutput: folder + "/tests.xml")
        #expect(cases.map(JUnitNaming.classname) == ["MathTests.Halves", "MathTests.`A.B Suite`.Inner", "MathTests"])
        #expect(cases.map(\.name) == ["`half of 1/2`()", "t()", "free()"])
        // The identifiers `swift test list` prints, which its --filter matches.
        #expect(cases.map(\.identifier) == ["MathTests.Halves/`half of 1/2`()", "MathTests.`A.B Suite`/Inner/t()", "MathTests.free()"])
        let lines = TestConsoleLines(masker: .none).lines(for: cases)
        #expect(
            lines.prefix(3) == [
                "✘ Halves.`half of 1/2`() — Expectation failed", "✘ Inner.t() — Expectation failed",
                "✘ MathTests.free() — Expectation failed",
            ])
    }

    @Test("xcresulttool: a test name holding / keeps its suite; display-named suites keep their type names")
    func rawIdentifiersFromXcode() throws {
        let json = """
            {"devices": [], "testPlanConfigurations": [], "testNodes": [{"nodeType": "Test Plan", "name": "P", "children": [
              {"nodeType": "Unit test bundle", "name": "MathTests", "children": [
                {"nodeType": "Test Suite", "name": "Halving numbers", "nodeIdentifier": "Halves", "children": [
                  {"nodeType": "Test Case", "name": "half of 1/2()", "nodeIdentifier": "Halves/half of 1/2()", "result": "Failed",
                   "children": [{"nodeType": "Failure Message", "name": "Halves.swift:3: Expectation failed"}]}]}]}]}]}
            """
        let test = try #require(try XCResultTestsReader().read(Data(json.utf8)).first)
        #expect(test.identifier == "MathTests/Halves/half of 1/2()")
        #expect(JUnitNaming.classname(of: test) == "MathTests.Halves")
        #expect(TestConsoleLines(masker: .none).failureLine(test) == "✘ Halves.half of 1/2() — Halves.swift:3: Expectation failed")
        #expect(ShardPlanner.unit(of: "MathTests/`a/b`()") == "MathTests/`a/b`()")
        #expect(ShardPlanner.unit(of: "MathTests/Halves/`a/b`()") == "MathTests/Halves")
    }

    @Test("two arguments that print alike are two test cases, and their re-runs stay with each")
    func argumentsThatPrintAlike() throws {
        func run(_ results: [String]) -> String {
            let arguments = results.map { #"{"nodeType": "Arguments", "name": " ", "result": "\#($0)"}"# }.joined(separator: ",")
            return """
                {"devices": [], "testPlanConfigurations": [], "testNodes": [{"nodeType": "Unit test bundle", "name": "B", "children": [
                  {"nodeType": "Test Suite", "name": "S", "children": [
                    {"nodeType": "Test Case", "name": "f(_:)", "nodeIdentifier": "S/f(_:)", "result": "Failed", "children": [\(arguments)]}]}]}]}
                """
        }
        let first = try XCResultTestsReader().read(Data(run(["Passed", "Failed", "Passed"]).utf8))
        #expect(first.count == 3)
        var merger = TestResultsMerger()
        merger.addShard(first)
        merger.addRetry(try XCResultTestsReader().read(Data(run(["Passed", "Passed", "Passed"]).utf8)))
        #expect(merger.results.count == 3)
        #expect(merger.results.map(\.attempts.count) == [2, 2, 2])
        #expect(merger.results.map(\.isFlaky) == [false, true, false])
        #expect(Set(merger.results.map(\.record.variant)).count == 3, "the run history tells them apart")
    }
}
