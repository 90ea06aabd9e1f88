import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftReporting
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerTestSupport

/// Each kind of failure reaches `StepResult.reason`, and `--json` writes it as `reason`.
@Suite("Failure reasons")
struct FailureReasonTests {
    /// Fails the way a signing or upload performer does: with a `StepFailure` naming its reason.
    struct FailingPerformer: StepPerformer {
        let failure: StepFailure
        func perform(_ step: Step, in context: StepContext) async throws -> Termination { throw failure }
    }

    static let oneStep = """
        project: { name: Demo }
        lanes:
          ci:
            steps:
              - sh: work
        """

    /// Runs `ci` with `work` hanging, and moves the clock on once it runs.
    static func runHanging(_ harness: LaneRunnerHarness, advancing seconds: Int64) async throws -> LaneResult {
        await harness.shell.onScript(containing: "work", .hang)
        let run = Task { try await harness.run("ci") }
        await harness.waitForCommands(1)
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(seconds))
        return try await run.value
    }

    @Test(
        "a command's exit status and a signal",
        arguments: [
            (Termination.exited(3), FailureReason.exitStatus), (.signalled(9), .signalled),
        ])
    func commandEnds(termination: Termination, expected: FailureReason) async throws {
        let harness = try LaneRunnerHarness(yaml: Self.oneStep)
        await harness.shell.onScript(containing: "work", .output([], termination))
        let result = try await harness.run("ci")
        #expect(result.steps.first?.reason == expected)
    }

    @Test(
        "timeout, no_output_timeout and the lane's timeout each have their own",
        arguments: [
            ("timeout: 10m", FailureReason.timeout), ("no_output_timeout: 10m", .noOutputTimeout),
        ])
    func timeouts(option: String, expected: FailureReason) async throws {
        let result = try await Self.runHanging(try LaneRunnerHarness(yaml: Self.oneStep + "\n        \(option)"), advancing: 600)
        #expect(result.steps.first?.status == .timedOut)
        #expect(result.steps.first?.reason == expected)
    }

    @Test("a lane's timeout is lane_timeout on the step it stopped; steps never reached have no reason")
    func laneTimeout() async throws {
        let harness = try LaneRunnerHarness(
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    timeout: 5m
                    steps:
                      - sh: work
                      - sh: next
                """)
        let result = try await Self.runHanging(harness, advancing: 300)
        #expect(result.steps.map(\.reason) == [.laneTimeout, nil])
    }

    @Test("an interrupt is interrupted")
    func interrupted() async throws {
        let harness = try LaneRunnerHarness(yaml: Self.oneStep + "\n      - sh: next")
        await harness.shell.onScript(containing: "work", .hang)
        let run = Task { try await harness.run("ci") }
        await harness.waitForCommands(1)
        harness.interruption.interrupt(signal: SIGTERM)
        let result = try await run.value
        #expect(result.steps.map(\.reason) == [.interrupted, nil])
    }

    @Test(
        "a performer's own reason (an expired profile, a refused upload) is kept, also when excused",
        arguments: [
            FailureReason.profileExpired, .uploadRejected, .missingVariable,
        ])
    func performerReasons(reason: FailureReason) async throws {
        var harness = try LaneRunnerHarness(yaml: Self.oneStep + "\n        continue_on_error: true")
        harness.performers[.sh] = FailingPerformer(failure: StepFailure("no", reason: reason))
        let result = try await harness.run("ci")
        #expect(result.steps.first?.status == .failedIgnored)
        #expect(result.steps.first?.reason == reason)
    }

    @Test("a retried step's earlier attempts carry their reasons too")
    func earlierAttempts() async throws {
        let harness = try LaneRunnerHarness(yaml: Self.oneStep + "\n        retry: 1")
        await harness.shell.onScript(containing: "work", .output([], .exited(1)), .output([], .signalled(15)))
        let result = try await harness.run("ci")
        #expect(result.steps.first?.earlierFailures.map(\.reason) == [.exitStatus])
        #expect(result.steps.first?.reason == .signalled)
    }
}

@Suite("Failure reasons in --json")
struct FailureReasonReportTests {
    @Test("failed steps have a snake_case reason; passed and skipped ones have none")
    func jsonReason() throws {
        let start = Date(timeIntervalSince1970: 1_750_000_000)
        let result = LaneResult(
            lane: "release", status: .failed,
            steps: [
                StepResult(lane: "release", name: "test", kind: .step(.sh), status: .passed, start: start, exitCode: 0, attempts: 1),
                StepResult(
                    lane: "release", name: "sign", kind: .step(.installProfile), status: .failed, start: start, attempts: 1,
                    message: "provisioning profile 'X' (x.mobileprovision) expired on 2025-01-01", reason: .profileExpired),
                StepResult(
                    lane: "release", name: "quiet", kind: .step(.sh), status: .failedIgnored, start: start, attempts: 1,
                    message: "'quiet' printed nothing for 10m (no_output_timeout)", reason: .noOutputTimeout),
                StepResult(
                    lane: "release", name: "upload", kind: .step(.upload), status: .notRun, start: start, message: "an earlier step failed"),
            ],
            start: start, duration: .seconds(1), runID: "r1", logFolder: "")
        let text = String(decoding: try JSONReport(results: [result]).render(), as: UTF8.self)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let steps = try #require((document["lanes"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
        #expect(steps.map { $0["reason"] as? String } == [nil, "profile_expired", "no_output_timeout", nil])
        // Keys are sorted: the new one lands between name and start, the others keep their order.
        #expect(text.contains("\"name\" : \"sign\",\n          \"reason\" : \"profile_expired\",\n          \"start\""))
    }

    @Test("every code is stable snake_case and unique")
    func codes() {
        let codes = FailureReason.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "_" } })
    }
}
