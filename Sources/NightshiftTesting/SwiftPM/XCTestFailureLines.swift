import Foundation
import NightshiftEngine
import NightshiftSystem

/// The assertion text XCTest prints for each failure, which SwiftPM's xUnit file leaves out on
/// Linux (its `<failure>` says only "failure"). swift-corelibs-xctest prints
/// `/path/File.swift:12: error: Class.testName : XCTAssertEqual failed: ("1") is not equal to ("2") - message`
/// on standard output; macOS's XCTest names the test `-[Module.Class testName]` instead, and is
/// read the same way. Fed `swift test`'s output as it streams; only these lines are kept.
final class XCTestFailureLines: Sendable {
    /// A longer line is not kept whole: its start is enough to tell, the rest is dropped.
    static let maximumLineBytes = 16 * 1024

    private struct State {
        var partial: [UInt8] = []
        var failures: [String: [TestFailureMessage]] = [:]
    }

    private let state = LockedValue(State())

    func receive(_ bytes: [UInt8]) {
        state.withLock { state in
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    Self.take(state.partial, into: &state.failures)
                    state.partial.removeAll(keepingCapacity: true)
                } else if state.partial.count < Self.maximumLineBytes {
                    state.partial.append(byte)
                }
            }
        }
    }

    /// The messages by test, `Class.testName`, in the order printed; a last line without a newline counts.
    func finish() -> [String: [TestFailureMessage]] {
        state.withLock { state in
            Self.take(state.partial, into: &state.failures)
            state.partial = []
            return state.failures
        }
    }

    private static func take(_ line: [UInt8], into failures: inout [String: [TestFailureMessage]]) {
        guard !line.isEmpty, let (test, message) = parse(String(decoding: line, as: UTF8.self)) else { return }
        failures[test, default: []].append(message)
    }

    /// `(Class.testName, message)` of one failure line; nil for any other line.
    static func parse(_ line: String) -> (test: String, message: TestFailureMessage)? {
        guard let error = line.range(of: ": error: ") else { return nil }
        let location = TestMessageText.parse(String(line[..<error.lowerBound]) + ": ")
        guard let file = location.file, let number = location.line else { return nil }
        let rest = line[error.upperBound...]
        guard let separator = rest.range(of: " : ") else { return nil }
        let text = String(rest[separator.upperBound...])
        guard let test = testName(String(rest[..<separator.lowerBound])), !text.isEmpty else { return nil }
        return (test, TestFailureMessage(text: text, file: file, line: number))
    }

    /// `Class.testName` from corelibs' `Class.testName` or Darwin's `-[Module.Class testName]`.
    private static func testName(_ written: String) -> String? {
        if written.hasPrefix("-["), written.hasSuffix("]") {
            let parts = written.dropFirst(2).dropLast().split(separator: " ")
            guard parts.count == 2, let type = parts[0].split(separator: ".").last else { return nil }
            return "\(type).\(parts[1])"
        }
        let parts = written.split(separator: ".")
        guard parts.count == 2, !written.contains(" ") else { return nil }
        return written
    }
}

extension TestCaseResult {
    /// An XCTest case that failed, with the messages its output gave, where the xUnit file gave
    /// none worth keeping (no location: "failure", or nothing).
    func recovering(_ failures: [String: [TestFailureMessage]]) -> TestCaseResult {
        guard let type = suitePath.last, let messages = failures["\(type).\(name)"] else { return self }
        var recovered = self
        for index in recovered.attempts.indices where recovered.attempts[index].outcome == .failed {
            if recovered.attempts[index].messages.allSatisfy({ $0.file == nil }) { recovered.attempts[index].messages = messages }
        }
        return recovered
    }
}

extension [TestCaseResult] {
    /// Each of XCTest's cases, its messages recovered (`TestCaseResult.recovering`).
    func recovering(_ failures: [String: [TestFailureMessage]]) -> [TestCaseResult] {
        failures.isEmpty ? self : map { $0.recovering(failures) }
    }
}
