import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerTestSupport

/// Retries, timeouts and interrupts, on virtual time.
@Suite("Lane timing", .temporaryDirectory)
struct LaneTimingTests {
    @Test("retry re-runs a failing step with back-off waits on the clock", arguments: LaneRunnerHarness.Mode.allCases)
    func retryWithBackoff(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: flaky
                        retry: { times: 3, delay: 10s, backoff: 2 }
                """)
        await harness.shell.onScript(containing: "flaky", .output([], .exited(1)), .output([], .exited(1)), .output([], .exited(0)))
        let run = Task { try await harness.run("ci") }
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(10))
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(19))
        #expect(await harness.shell.commands.count == 2)
        harness.clock.advance(by: .seconds(1))
        let result = try await run.value
        #expect(result.status == .passed)
        #expect(result.steps.first?.attempts == 3)
        #expect(await harness.shell.commands.count == 3)
    }

    @Test("a step over its timeout is stopped and reported as timed out", arguments: LaneRunnerHarness.Mode.allCases)
    func timeout(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: hang
                        timeout: 30m
                      - sh: cleanup
                        always: true
                """)
        await harness.shell.onScript(containing: "hang", .hang)
        await harness.shell.onScripts("cleanup")
        let run = Task { try await harness.run("ci") }
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(1800))
        let result = try await run.value
        #expect(result.statuses == ["hang": .timedOut, "cleanup": .passed])
        #expect(result.firstFailure?.message == "'hang' timed out after 30m")
        #expect(result.status == .failed)
    }

    @Test("no_output_timeout stops a step that goes quiet", arguments: LaneRunnerHarness.Mode.allCases)
    func noOutputTimeout(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: quiet
                        no_output_timeout: 10m
                """)
        await harness.shell.onScript(containing: "quiet", .hang)
        let run = Task { try await harness.run("ci") }
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(600))
        let result = try await run.value
        #expect(result.steps.first?.status == .timedOut)
        #expect(result.steps.first?.message?.contains("printed nothing for 10m") == true)
    }

    @Test("an interrupt stops the running step, skips the rest, runs always steps", arguments: LaneRunnerHarness.Mode.allCases)
    func interrupt(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: long
                        timeout: 1h
                      - sh: next
                      - sh: cleanup
                        always: true
                """)
        await harness.shell.onScript(containing: "long", .hang)
        await harness.shell.onScripts("cleanup")
        let run = Task { try await harness.run("ci") }
        await harness.clock.waitForSleepers()
        harness.interruption.interrupt(signal: SIGTERM)
        let result = try await run.value
        #expect(result.status == .interrupted)
        #expect(result.signal == SIGTERM)
        #expect(result.statuses == ["long": .interrupted, "next": .notRun, "cleanup": .passed])
        #expect(await harness.scripts() == ["long", "cleanup"])
    }
}

/// Issue #15: attempts are counted only once they start.
@Suite("Retry interrupted during its wait", .temporaryDirectory)
struct RetryWaitInterruptTests {
    @Test(
        "an interrupt during a retry's wait reports the attempts that started, not the next one", arguments: LaneRunnerHarness.Mode.allCases
    )
    func interruptDuringBackoff(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: flaky
                        retry: { times: 3, delay: 10s }
                """)
        await harness.shell.onScript(containing: "flaky", .output([], .exited(1)))
        let run = Task { try await harness.run("ci") }
        await harness.clock.waitForSleepers()
        harness.interruption.interrupt(signal: SIGINT)
        let result = try await run.value
        let step = try #require(result.steps.first)
        #expect(step.status == .interrupted)
        #expect(step.attempts == 1)
        #expect(step.message?.contains("after 2 attempts") == false)
        #expect(await harness.shell.commands.count == 1)
    }
}
