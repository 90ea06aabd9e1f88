import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftReporting
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerTestSupport

/// Issue #15: a step log cut short (a full disk) is reported, never passed off as whole. Before,
/// the failed write was dropped: no warning, no mark in the reports, exit 0.
@Suite("Incomplete step logs", .temporaryDirectory)
struct IncompleteLogTests {
    @Test("a log whose write fails is named on the console and marked in JSON and JUnit; the step keeps its result")
    func diskFull() async throws {
        let harness = try Self.harness(steps: ["build", "quiet"], logFiles: FullDiskLogFiles(failAfterBytes: 5))
        defer { try? FileManager.default.removeItem(atPath: harness.stateDirectory) }
        await harness.shell.onScript(
            containing: "build", .output([(.standardOutput, "first line\n"), (.standardOutput, "second\n")], .exited(0)))
        await harness.shell.onScript(containing: "quiet", .output([(.standardOutput, "ok\n")], .exited(0)))
        let result = try await harness.run("ci")
        #expect(result.status == .passed)
        #expect(result.hasIncompleteLogs)
        let build = try #require(result.steps.first)
        #expect(build.logProblem == "No space left on device")
        #expect(result.steps.last?.logProblem == nil)
        #expect(harness.output.standardError.contains("warning: the log of step 'build' is incomplete: No space left on device"))
        #expect(!harness.output.standardError.contains("step 'quiet'"))

        let json = String(decoding: try JSONReport(results: [result]).render(), as: UTF8.self)
        #expect(json.contains("\"log_complete\" : false"))
        #expect(json.contains("\"log_complete\" : true"))
        let junit = JUnitReport(results: [result]).render()
        #expect(
            junit.contains("<system-err>nightshift: the log of step &apos;build&apos; is incomplete: No space left on device</system-err>"))
    }

    @Test("a log that cannot be created at all is reported the same way, with no log path")
    func cannotCreate() async throws {
        let harness = try Self.harness(steps: ["build"], logFiles: FullDiskLogFiles(failAfterBytes: 0, failCreate: true))
        defer { try? FileManager.default.removeItem(atPath: harness.stateDirectory) }
        await harness.shell.onScript(containing: "build", .output([(.standardOutput, "line\n")], .exited(0)))
        let result = try await harness.run("ci")
        let build = try #require(result.steps.first)
        #expect(build.logPath == nil)
        #expect(build.logProblem?.contains("No space left on device") == true)
        #expect(harness.output.standardError.contains("warning: the log of step 'build' is incomplete"))
    }

    /// A lane of `sh` steps that writes logs, through `logFiles`, into a state folder of its own.
    static func harness(steps: [String], logFiles: any StepLogFiles) throws -> LaneRunnerHarness {
        var harness = try LaneRunnerHarness(
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                \(steps.map { "      - sh: \($0)" }.joined(separator: "\n"))
                """)
        harness.isDryRun = false
        harness.stateDirectory = try TemporaryDirectory.make("state")
        harness.logFiles = logFiles
        return harness
    }
}

/// Step logs on a disk that fills up after `failAfterBytes` bytes (fault injection: no test
/// machine can be made to run out of space on cue).
private struct FullDiskLogFiles: StepLogFiles {
    var failAfterBytes: Int
    var failCreate = false

    func create(_ path: String) throws -> any StepLogFile {
        if failCreate { throw SystemCallError("cannot write '\(path)'", code: ENOSPC) }
        return FullDiskLog(room: failAfterBytes)
    }
}

private final class FullDiskLog: StepLogFile {
    private var room: Int
    private(set) var failureReason: String?

    init(room: Int) {
        self.room = room
    }

    func write(_ buffer: UnsafeRawBufferPointer) -> Bool {
        guard failureReason == nil, buffer.count <= room else {
            failureReason = SystemCallError("cannot write", code: ENOSPC).reason
            return false
        }
        room -= buffer.count
        return true
    }

    func close() {}
}
