import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftLanes
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerTestSupport

/// Issue #15: cleanup is bounded, and later interrupts shorten it. Before the bound, every test
/// here hung on its cleanup (a test run stopped by `timeout 300`).
@Suite("Cleanup bound and interrupts during cleanup")
struct CleanupBoundTests {
    @Test("a hanging cleanup action is stopped at cleanup_timeout, fails the lane and names what it left")
    func cleanupTimeout() async throws {
        let harness = try Self.harness(cleanupTimeout: "cleanup_timeout: 5s")
        let run = await Self.runUntilDeleteHangs(harness)
        harness.clock.advance(by: .seconds(5))
        let result = try await run.value
        #expect(result.status == .failed)
        let cleanup = try #require(result.steps.last)
        #expect(cleanup.kind == .cleanup)
        #expect(cleanup.status == .failed)
        #expect(cleanup.message?.contains("cleanup_timeout of 5s") == true)
        #expect(
            harness.output.standardError.contains(
                "warning: cleanup 'delete keychain /tmp/a' did not finish; left behind: the keychain /tmp/a; remove it with: security delete-keychain /tmp/a"
            ))
    }

    @Test("without cleanup_timeout, a cleanup action gets 2 minutes")
    func defaultBound() async throws {
        let harness = try Self.harness(cleanupTimeout: "")
        let run = await Self.runUntilDeleteHangs(harness)
        harness.clock.advance(by: .seconds(119))
        #expect(harness.clock.sleeperCount == 1)
        harness.clock.advance(by: .seconds(1))
        let result = try await run.value
        #expect(result.status == .failed)
        #expect(result.steps.last?.message?.contains("cleanup_timeout of 2m") == true)
    }

    @Test("a second interrupt during cleanup stops the action in flight; the next one runs")
    func secondInterruptMovesOn() async throws {
        let harness = try Self.harness(cleanupTimeout: "", keychains: ["a", "b"])
        await harness.shell.onScript(containing: "build", .hang)
        await harness.shell.on(["security", "delete-keychain", "/tmp/b"], .hang)
        await harness.shell.on(["security", "delete-keychain", "/tmp/a"], .output([], .exited(0)))
        let run = Task { try await harness.run("ci") }
        await harness.waitForCommands(1)
        harness.interruption.interrupt(signal: SIGTERM)
        await harness.waitForCommands(2)
        harness.interruption.interrupt(signal: SIGTERM)
        let result = try await run.value
        #expect(result.status == .interrupted)
        #expect(result.statuses["delete keychain /tmp/b"] == .interrupted)
        #expect(result.statuses["delete keychain /tmp/a"] == .passed)
        #expect(harness.output.standardError.contains("left behind: the keychain /tmp/b; remove it with: security delete-keychain /tmp/b"))
        #expect(!harness.output.standardError.contains("/tmp/a"))
    }

    @Test("a third interrupt abandons the cleanup at once and prints what was left, with the commands")
    func thirdInterruptStops() async throws {
        let harness = try Self.harness(cleanupTimeout: "", keychains: ["a", "b", "c"])
        await harness.shell.onScript(containing: "build", .hang)
        await harness.shell.on(["security", "delete-keychain"], .hang)
        let run = Task { try await harness.run("ci") }
        await harness.waitForCommands(1)
        harness.interruption.interrupt(signal: SIGINT)
        await harness.waitForCommands(2)
        harness.interruption.interrupt(signal: SIGINT)
        await harness.waitForCommands(3)
        harness.interruption.interrupt(signal: SIGINT)
        let result = try await run.value
        #expect(result.status == .interrupted)
        #expect(result.signal == SIGINT)
        #expect(result.statuses["delete keychain /tmp/c"] == .interrupted)
        #expect(result.statuses["delete keychain /tmp/b"] == .interrupted)
        #expect(result.statuses["delete keychain /tmp/a"] == .notRun)
        #expect(await harness.shell.commands.count == 3, "the oldest action never started")
        for name in ["a", "b", "c"] {
            #expect(harness.output.standardError.contains("remove it with: security delete-keychain /tmp/\(name)"))
        }
    }

    @Test("an always step after the lane's timeout still runs, within the cleanup bound")
    func alwaysStepAfterTimeout() async throws {
        let harness = try LaneRunnerHarness(
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    timeout: 10s
                    cleanup_timeout: 30s
                    steps:
                      - sh: build
                      - sh: notify
                        always: true
                """)
        await harness.shell.onScript(containing: "build", .hang)
        await harness.shell.onScript(containing: "notify", .hang)
        let run = Task { try await harness.run("ci") }
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(10))
        await harness.waitForCommands(2)
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(30))
        let result = try await run.value
        #expect(result.statuses == ["build": .timedOut, "notify": .timedOut])
        #expect(result.steps.last?.message == "'notify' stopped: the cleanup reached its cleanup_timeout of 30s")
    }

    @Test("cleanup_timeout is a duration within the usual limit")
    func parsing() throws {
        let file = try LanesFileLoader().parse(
            text: """
                lanes:
                  ci: { cleanup_timeout: 45s, steps: [ { sh: "true" } ] }
                """, path: "lanes.yml")
        #expect(file.lane(named: "ci")?.cleanupTimeout == .seconds(45))
        #expect(throws: (any Error).self) {
            try LanesFileLoader().parse(text: "lanes:\n  ci: { cleanup_timeout: 31d, steps: [ { sh: \"true\" } ] }\n", path: "lanes.yml")
        }
    }

    /// Starts the lane, its step passing, and returns once its keychain's delete hangs under
    /// the cleanup bound's clock.
    static func runUntilDeleteHangs(_ harness: LaneRunnerHarness) async -> Task<LaneResult, any Error> {
        await harness.shell.onScript(containing: "build", .output([], .exited(0)))
        await harness.shell.on(["security", "delete-keychain"], .hang)
        let run = Task { try await harness.run("ci") }
        await harness.waitForCommands(2)
        await harness.clock.waitForSleepers()
        return run
    }

    /// A lane whose one step registers a keychain's cleanup for each of `keychains`, in order.
    static func harness(cleanupTimeout: String, keychains: [String] = ["a"]) throws -> LaneRunnerHarness {
        var harness = try LaneRunnerHarness(
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    \(cleanupTimeout.isEmpty ? "description: ci" : cleanupTimeout)
                    steps:
                      - sh: build \(keychains.map { "keychain:\($0)" }.joined(separator: " "))
                """)
        harness.performers[.sh] = KeychainRegisteringPerformer()
        return harness
    }
}

/// Registers, for each `keychain:NAME` word of the script, the cleanup a signing step registers
/// for its keychain (`security delete-keychain /tmp/NAME`), then runs the script.
private struct KeychainRegisteringPerformer: StepPerformer {
    func perform(_ step: Step, in context: StepContext) async throws -> Termination {
        guard case .sh(let script) = step.kind else { throw StepFailure("not a shell step") }
        for word in script.raw.split(separator: " ") where word.hasPrefix("keychain:") {
            let path = "/tmp/" + word.dropFirst("keychain:".count)
            await context.cleanup.push(
                "delete keychain \(path)",
                leftBehind: "the keychain \(path); remove it with: security delete-keychain \(path)"
            ) {
                let termination = try await context.shell.run(ShellCommand("security", ["delete-keychain", path])) { _, _ in }
                if !termination.succeeded { throw StepFailure("security delete-keychain failed") }
            }
        }
        return try await ShellStepPerformer().perform(step, in: context)
    }
}
