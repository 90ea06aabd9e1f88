import NightshiftEngine

/// One test as a `<testcase>`, with its attempts as Surefire's rerun format has them.
enum JUnitTestCaseElement {
    /// The most earlier failed attempts a `<testcase>` lists (`-test-iterations` can make
    /// hundreds); the rest are counted in its `<system-out>`.
    static let listedAttempts = 20

    static func testCase(_ test: TestCaseResult) -> JUnitTestCase {
        var testCase = JUnitTestCase(
            name: JUnitNaming.name(of: test), classname: JUnitNaming.classname(of: test), seconds: test.durationSeconds,
            attributeOrder: .nameFirst)
        let failures = test.attempts.filter { $0.outcome == .failed }
        let deciding = test.decidingAttempt
        switch test.outcome {
        case .passed, .expectedFailure:
            // A pass. Failed attempts (all before it) make it flaky; an expected failure keeps its known issue.
            testCase.elements = failures.prefix(listedAttempts).map { rerun($0, .flakyFailure) }
            var output: [String] = []
            if !failures.isEmpty {
                output.append("flaky: failed \(failures.count) of \(test.attempts.count) attempts, then passed")
            }
            if failures.count > listedAttempts { output.append(unlisted(failures.count - listedAttempts)) }
            if test.outcome == .expectedFailure, let deciding, !deciding.messages.isEmpty {
                output.append("expected failure: " + deciding.messages.map(\.located).joined(separator: "\n"))
            }
            if !output.isEmpty { testCase.systemOut = output.joined(separator: "\n") }
        case .skipped:
            // Every attempt skipped: one that ran would decide the outcome.
            testCase.elements = [.skipped(message: deciding.map(skipReason) ?? "")]
        case .failed:
            // The last failure is the test's; those before it are its re-runs'. Skips after it
            // (a re-run that skipped the test) are said, never taken for a pass.
            let last = failures.last ?? deciding
            testCase.elements = [.failure(message: last.map(headline) ?? "", type: "failure", body: last.map(body) ?? "")]
            let earlier = failures.dropLast()
            testCase.elements += earlier.prefix(listedAttempts).map { rerun($0, .rerunFailure) }
            var output: [String] = []
            if earlier.count > listedAttempts { output.append(unlisted(earlier.count - listedAttempts)) }
            let skipsAfter = test.attempts.reversed().prefix { $0.outcome == .skipped }
            if !failures.isEmpty, let skip = skipsAfter.first {
                output.append(
                    "skipped on \(skipsAfter.count) of \(test.attempts.count) attempts after it failed; it never passed: "
                        + skipReason(skip))
            }
            if !output.isEmpty { testCase.systemOut = output.joined(separator: "\n") }
        }
        return testCase
    }

    private static func unlisted(_ count: Int) -> String {
        "\(count) more failed attempts are not listed (the first \(listedAttempts) are)"
    }

    /// `<flakyFailure>` or `<rerunFailure>`: Surefire's shape, the whole text in `<stackTrace>`
    /// (what Jenkins shows as the attempt's details).
    private static func rerun(_ attempt: TestAttempt, _ rerun: JUnitCaseElement.Rerun) -> JUnitCaseElement {
        .attempt(rerun, message: headline(attempt), type: "failure", stackTrace: body(attempt), systemOut: nil)
    }

    /// The first message, located (`LedgerTests.swift:38: XCTAssertEqual failed…`).
    static func headline(_ attempt: TestAttempt) -> String {
        attempt.messages.first?.located ?? "failed"
    }

    /// Every message, located, one per line, with the attempt's name when the tool gave one.
    static func body(_ attempt: TestAttempt) -> String {
        let lines = attempt.messages.map(\.located)
        let text = lines.isEmpty ? "failed" : lines.joined(separator: "\n")
        return attempt.label.map { "\($0): \(text)" } ?? text
    }

    static func skipReason(_ attempt: TestAttempt) -> String {
        attempt.messages.first?.text ?? ""
    }
}

/// How a test case is named in JUnit (and on the console).
public enum JUnitNaming {
    /// The test's name; a parameterised one's with its argument in place of its parameters
    /// (`f(value:)` → `f(3)`, as fastlane names them, `name (3)` without parentheses); with
    /// ` [device, configuration]` when the run had several.
    public static func name(of test: TestCaseResult) -> String {
        var name = test.name
        if let argument = test.argument {
            if let open = name.firstIndex(of: "("), let close = name.lastIndex(of: ")"), open < close {
                name = String(name[..<open]) + "(" + argument + ")" + String(name[name.index(after: close)...])
            } else {
                name += " (\(argument))"
            }
        }
        let qualifiers = [test.device, test.configuration].compactMap { $0 }
        return qualifiers.isEmpty ? name : "\(name) [\(qualifiers.joined(separator: ", "))]"
    }

    /// `Bundle.Suite.Nested`: the bundle, then the suites' type path (Jenkins shows the part
    /// after the last dot as the class, the rest as the package). From the structure the reader
    /// kept, never from splitting the identifier: a test's name may hold `/`.
    public static func classname(of test: TestCaseResult) -> String {
        ([test.bundle] + test.suitePath).filter { !$0.isEmpty }.joined(separator: ".")
    }
}
