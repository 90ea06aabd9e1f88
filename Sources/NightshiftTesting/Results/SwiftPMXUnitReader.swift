public import Foundation
import NightshiftSystem
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

    /// 1 GiB: ten times the xUnit of a 500,000-test run (about 100 MB at some 200 bytes a case).
    /// Streamed, a larger file would cost no memory, only time (a fuzzed 2 GB one outlasted the
    /// fuzzer's 20 s bound in a debug build): it is refused before a byte is read.
    static let maximumSize: Int64 = 1 << 30

    /// The cases in `path` and its Swift Testing sibling; a file that does not exist holds none.
    public func read(xunitOutput path: String) throws(TestResultsError) -> [TestCaseResult] {
        var cases: [TestCaseResult] = []
        try read(xunitOutput: path) { _, test in cases.append(test) }
        return cases
    }

    /// Each case of `path` (XCTest's) and of its Swift Testing sibling to `each`, with its
    /// library, in the order the files hold them. Streamed: a file of any size is read in flat
    /// memory, and what keeps the cases (the step's merger) decides what it costs.
    public func read(
        xunitOutput path: String, each: (SwiftPMTestLibrary, TestCaseResult) -> Void
    ) throws(TestResultsError) {
        let what = "swift test's xUnit output"
        for (file, library) in [(path, SwiftPMTestLibrary.xctest), (Self.swiftTestingPath(for: path), .swiftTesting)]
        where FileManager.default.fileExists(atPath: file) {
            let opened = try TestResultsFile.open(file, what: what, atMost: Self.maximumSize)
            defer { opened.close() }
            try read(FileByteSource(file: opened, what: what), library: library) { each(library, $0) }
        }
    }

    /// The cases of one xUnit file, written by `library`'s tests.
    public func read(_ data: Data, library: SwiftPMTestLibrary = .xctest) throws(TestResultsError) -> [TestCaseResult] {
        var cases: [TestCaseResult] = []
        try read(DataByteSource(data), library: library) { cases.append($0) }
        return cases
    }

    private func read<Source: ResultByteSource>(
        _ source: Source, library: SwiftPMTestLibrary, each: (TestCaseResult) -> Void
    ) throws(TestResultsError) {
        var scanner = XMLTagScanner(source, keepingAttributes: ["classname", "name", "time", "message"])
        var current: (classname: String, name: String, time: Double)?
        var outcome = TestOutcome.passed
        var messages = MessagesRead()
        var inMessage = false
        var sawRoot = false
        var sawCase = false
        while let token = try scanner.next() {
            switch token {
            case .start(let name, let attributes, let selfClosing):
                switch name {
                case "testsuites", "testsuite": sawRoot = true
                case "testcase":
                    current = (attributes["classname"] ?? "", attributes["name"] ?? "", Double(attributes["time"] ?? "") ?? 0)
                    outcome = .passed
                    messages = MessagesRead()
                    if selfClosing, let test = current {
                        each(Self.testCase(test, library, outcome: outcome, messages: messages))
                        sawCase = true
                        current = nil
                    }
                case "failure", "error":
                    outcome = .failed
                    // Past what an attempt keeps, a message is only counted: its text is not read.
                    let kept = messages.add {
                        TestMessageText.parse(attributes.values["message"]?.string(atMost: TestMessageText.keptBytes) ?? "")
                    }
                    inMessage = kept && !selfClosing
                case "skipped":
                    outcome = .skipped
                    let kept = messages.add {
                        TestFailureMessage(text: attributes.values["message"]?.string(atMost: TestMessageText.keptBytes) ?? "")
                    }
                    inMessage = kept && !selfClosing
                default: break
                }
            case .text(let text):
                // A failure's body adds to its message only when the message said nothing.
                if inMessage, messages.lastIsEmpty {
                    messages.replaceLast(
                        TestMessageText.parse(
                            text.string(atMost: TestMessageText.keptBytes).trimmingCharacters(in: .whitespacesAndNewlines)))
                }
            case .end(let name):
                switch name {
                case "failure", "error", "skipped": inMessage = false
                case "testcase":
                    if let test = current {
                        each(Self.testCase(test, library, outcome: outcome, messages: messages))
                        sawCase = true
                    }
                    current = nil
                default: break
                }
            }
        }
        guard sawRoot || sawCase || scanner.bytesRead == 0 else {
            throw TestResultsError("swift test's xUnit output holds no <testsuites> or <testsuite>")
        }
        if let test = current {
            // Cut off inside a test case: it did not finish, so it did not pass.
            _ = messages.add { TestFailureMessage(text: "the xUnit output ends inside this test") }
            each(Self.testCase(test, library, outcome: .failed, messages: messages))
        }
    }

    /// A test case's messages as read: the first that an attempt keeps, and a count of the rest.
    private struct MessagesRead {
        private(set) var kept: [TestFailureMessage] = []
        private(set) var more = 0

        /// Keeps the message `make` gives while there is room, and says whether it did.
        mutating func add(_ make: () -> TestFailureMessage) -> Bool {
            guard kept.count < TestAttempt.maximumMessages else {
                more += 1
                return false
            }
            kept.append(make())
            return true
        }

        var lastIsEmpty: Bool { more == 0 && kept.last?.text.isEmpty == true }

        mutating func replaceLast(_ message: TestFailureMessage) { kept[kept.count - 1] = message }
    }

    private static func testCase(
        _ test: (classname: String, name: String, time: Double), _ library: SwiftPMTestLibrary, outcome: TestOutcome,
        messages: MessagesRead
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
            attempts: [TestAttempt(outcome: outcome, durationSeconds: duration, messages: messages.kept, moreMessages: messages.more)])
    }
}
