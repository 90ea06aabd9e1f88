import NightshiftEngine

/// One `<testcase>`, with its attempts as Surefire's rerun format has them.
struct JUnitTestCaseElement {
    let test: TestCaseResult

    func write(to file: StreamingTextFile) {
        file.raw("    <testcase name=\"")
        file.text(JUnitNaming.name(of: test))
        file.raw("\" classname=\"")
        file.text(JUnitNaming.classname(of: test))
        file.raw("\" time=\"\(JUnitTime.text(test.durationSeconds))\"")
        let earlier = test.attempts.dropLast()
        let earlierFailures = earlier.filter { $0.outcome == .failed }
        let last = test.attempts.last
        switch test.outcome {
        case .passed where earlierFailures.isEmpty:
            file.raw("/>\n")
            return
        case .passed, .expectedFailure:
            // A pass. Earlier failed attempts make it flaky; an expected failure keeps its known issue.
            file.raw(">\n")
            for attempt in earlierFailures { rerun(attempt, element: "flakyFailure", to: file) }
            var output: [String] = []
            if !earlierFailures.isEmpty {
                output.append("flaky: failed \(earlierFailures.count) of \(test.attempts.count) attempts, then passed")
            }
            if test.outcome == .expectedFailure, let last, !last.messages.isEmpty {
                output.append("expected failure: " + last.messages.map(\.located).joined(separator: "\n"))
            }
            if !output.isEmpty {
                file.raw("      <system-out>")
                file.text(output.joined(separator: "\n"))
                file.raw("</system-out>\n")
            }
        case .skipped:
            file.raw(">\n      <skipped message=\"")
            file.text(last.map(Self.skipReason) ?? "")
            file.raw("\"/>\n")
            if !earlierFailures.isEmpty {
                // Xcode's aggregate calls it failed; the last attempt decides, but the failures are kept.
                file.raw("      <system-out>")
                file.text(
                    "failed \(earlierFailures.count) of \(test.attempts.count) attempts before it was skipped:\n"
                        + earlierFailures.map(Self.body).joined(separator: "\n"))
                file.raw("</system-out>\n")
            }
        case .failed:
            file.raw(">\n      <failure message=\"")
            file.text(last.map(Self.headline) ?? "")
            file.raw("\" type=\"failure\">")
            file.text(last.map(Self.body) ?? "")
            file.raw("</failure>\n")
            for attempt in earlierFailures { rerun(attempt, element: "rerunFailure", to: file) }
        }
        file.raw("    </testcase>\n")
    }

    /// `<flakyFailure>` or `<rerunFailure>`: Surefire's shape, `message` and `type` attributes,
    /// the whole text in `<stackTrace>` (what Jenkins shows as the attempt's details).
    private func rerun(_ attempt: TestAttempt, element: String, to file: StreamingTextFile) {
        file.raw("      <\(element) message=\"")
        file.text(Self.headline(attempt))
        file.raw("\" type=\"failure\">\n        <stackTrace>")
        file.text(Self.body(attempt))
        file.raw("</stackTrace>\n      </\(element)>\n")
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

    /// `Bundle.Suite.Nested`: the bundle, then the identifier's type path (Jenkins shows the
    /// part after the last dot as the class, the rest as the package).
    public static func classname(of test: TestCaseResult) -> String {
        var parts = test.identifier.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast()
        return parts.isEmpty ? test.bundle : parts.joined(separator: ".")
    }
}
