import NightshiftCore
import Foundation
import NightshiftApp
import NightshiftEngine
import Testing
@testable import nightshift

/// Issue #15: exit codes for runs that lost something on the way.
@Suite("Exit status")
struct ExitStatusTests {
    static func lane(_ status: LaneStatus, logProblem: String? = nil, signal: Int32? = nil) -> LaneResult {
        var step = StepResult(lane: "ci", name: "build", kind: .step(.sh), status: .passed, start: Date(timeIntervalSince1970: 0))
        step.logProblem = logProblem
        return LaneResult(
            lane: "ci", status: status, steps: [step], start: Date(timeIntervalSince1970: 0), duration: .zero,
            runID: "r", logFolder: "", signal: signal)
    }

    @Test("a passing run with an incomplete step log exits 1, as for an unwritten report")
    func incompleteLog() {
        #expect(ExitStatus.of([Self.lane(.passed)]) == 0)
        #expect(ExitStatus.of([Self.lane(.passed, logProblem: "No space left on device")]) == 1)
        #expect(ExitStatus.of([Self.lane(.interrupted, logProblem: "No space left on device", signal: 15)]) == 143)
    }
}
