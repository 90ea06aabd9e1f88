public import Foundation
import NightshiftEngine

/// Reads what `swift test --xunit-output FILE` writes: FILE for XCTest, and beside it
/// `FILE-swift-testing` (`tests.xml` → `tests-swift-testing.xml`) for Swift Testing; both are
/// read, either may be missing. Each case gets the identifier `swift test list` prints, which
/// `--filter` matches (`SwiftPMTestCommands.exactFilter`): XCTest's `<testcase
/// classname="Module.Class" name="test">` is `Module.Class/test`; Swift Testing's `classname` is
/// the module and the suites joined by dots (`Module.Outer.Inner`, or `Module` for a free
/// function), its identifier `Module.Outer/Inner/test()` or `Module.test()`.
public struct SwiftPMXUnitReader: Sendable {
    public init() {}

    /// Where Swift Testing's file goes for `--xunit-output path`.
    public static func swiftTestingPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let nameStart = slash.map { path.index(after: $0) } ?? path.startIndex
        if let dot = path[nameStart...].lastIndex(of: "."), dot > nameStart {
            return String(path[..<dot]) + "-swift-testing" + String(path[dot...])
        }
        return path + "-swift-testing"
    }

    /// The cases in `path` and its Swift Testing sibling; a file that does not exist holds none.
    public func read(xunitOutput path: String) throws(TestResultsError) -> [TestCaseResult] {
        try readByLibrary(xunitOutput: path).flatMap(\.cases)
    }

    /// The cases in `path` (XCTest's) and its Swift Testing sibling, each file's with its library.
    public func readByLibrary(xunitOutput path: String) throws(TestResultsError) -> [(library: SwiftPMTestLibrary, cases: [TestCaseResult])]
    {
        var read: [(library: SwiftPMTestLibrary, cases: [TestCaseResult])] = []
        for (file, library) in [(path, SwiftPMTestLibrary.xctest), (Self.swiftTestingPath(for: path), .swiftTesting)]
        where FileManager.default.fileExists(atPath: file) {
            read.append((library, try self.read(TestResultsFile.contents(of: file, what: "swift test's xUnit output"), library: library)))
        }
        return read
    }

    /// The cases of one xUnit file, written by `library`'s tests.
    public func read(_ data: Data, library: SwiftPMTestLibrary = .xctest) throws(TestResultsError) -> [TestCaseResult] {
        var scanner = XMLTagScanner(Array(data))
        var cases: [TestCaseResult] = []
        var current: (classname: String, name: String, time: Double)?
        var outcome = TestOutcome.passed
        var messages: [TestFailureMessage] = []
        var inMessage = false
        var sawRoot = false
        while let token = scanner.next() {
            switch token {
            case .start(let name, let attributes, let selfClosing):
                switch name {
                case "testsuites", "testsuite": sawRoot = true
                case "testcase":
                    current = (attributes["classname"] ?? "", attributes["name"] ?? "", Double(attributes["time"] ?? "") ?? 0)
                    outcome = .passed
                    messages = []
                    if selfClosing, let test = current {
                        cases.append(Self.testCase(test, library, outcome: outcome, messages: messages))
                        current = nil
                    }
                case "failure", "error":
                    outcome = .failed
                    // Past what an attempt keeps, a message is only counted: its text is not read.
                    let kept = messages.count < TestAttempt.maximumMessages
                    let message = attributes.values["message"]?.string(atMost: TestMessageText.keptBytes) ?? ""
                    messages.append(kept ? TestMessageText.parse(message) : TestFailureMessage(text: ""))
                    inMessage = kept && !selfClosing
                case "skipped":
                    outcome = .skipped
                    messages.append(
                        TestFailureMessage(text: attributes.values["message"]?.string(atMost: TestMessageText.keptBytes) ?? ""))
                    inMessage = !selfClosing
                default: break
                }
            case .text(let text):
                // A failure's body adds to its message only when the message said nothing.
                if inMessage, let last = messages.indices.last, messages[last].text.isEmpty {
                    messages[last] = TestMessageText.parse(
                        text.string(atMost: TestMessageText.keptBytes).trimmingCharacters(in: .whitespacesAndNewlines))
                }
            case .end(let name):
                switch name {
                case "failure", "error", "skipped": inMessage = false
                case "testcase":
                    if let test = current { cases.append(Self.testCase(test, library, outcome: outcome, messages: messages)) }
                    current = nil
                default: break
                }
            }
        }
        guard sawRoot || !cases.isEmpty || data.isEmpty else {
            throw TestResultsError("swift test's xUnit output holds no <testsuites> or <testsuite>")
        }
        if let test = current {
            // Cut off inside a test case: it did not finish, so it did not pass.
            messages.append(TestFailureMessage(text: "the xUnit output ends inside this test"))
            cases.append(Self.testCase(test, library, outcome: .failed, messages: messages))
        }
        return cases
    }

    private static func testCase(
        _ test: (classname: String, name: String, time: Double), _ library: SwiftPMTestLibrary, outcome: TestOutcome,
        messages: [TestFailureMessage]
    ) -> TestCaseResult {
        // By structure: a raw identifier's dots (``struct `A.B` ``) split nothing.
        let parts = TestNamePath.components(of: test.classname, separatedBy: ".")
        let module = parts[0]
        let suites = Array(parts.dropFirst())
        let identifier: String
        switch library {
        case .xctest: identifier = test.classname.isEmpty ? test.name : "\(test.classname)/\(test.name)"
        case .swiftTesting:
            let path = (suites + [test.name]).joined(separator: "/")
            identifier = module.isEmpty ? path : "\(module).\(path)"
        }
        let duration = test.time.isFinite && test.time >= 0 ? test.time : 0
        return TestCaseResult(
            identifier: identifier, bundle: module, suitePath: suites, name: test.name,
            attempts: [TestAttempt(outcome: outcome, durationSeconds: duration, messages: messages)])
    }
}
