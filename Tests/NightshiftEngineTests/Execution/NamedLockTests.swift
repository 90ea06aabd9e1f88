import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftLanes
import NightshiftRunnerBuilder
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `locks:` (issue #19): a step holds its named locks while it runs; another holder makes it
/// wait, saying who holds the lock and since when, within its timeout.
@Suite("Named locks around steps", .temporaryDirectory)
struct NamedLockTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    private static let lanes = """
        lanes:
          ui:
            locks: [simulator]
            steps:
              - sh: run-ui-tests
                locks: [altool, simulator]
          quick:
            steps:
              - sh: run-quick
                timeout: 2s
                locks: [simulator]
        """

    private func runner(
        clock: ManualClock, shell: ScriptedShellRunner, output: CapturingOutputSink, lanes: String = Self.lanes
    ) throws -> LaneRunner {
        let file = try LanesFileLoader().parse(text: lanes, path: "lanes.yml")
        var builder = LaneRunnerBuilder(
            file: file, shell: shell, clock: clock, environment: [:], output: output,
            options: RunOptions(stateDirectory: folder.path + "/state", runID: "r1"))
        builder.namedLocks = FileNamedLocks(folder: folder.path + "/locks")
        return builder.build()
    }

    private var other: NamedLockHolder {
        NamedLockHolder(lane: "deploy", runID: "r0", pid: 0, since: Date(timeIntervalSince1970: 1_767_225_600))
    }

    @Test("a step waits while another holds a lock, says who and since when, then runs once it is free")
    func waitsThenRuns() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_225_660))
        let shell = ScriptedShellRunner()
        await shell.onScript(containing: "run-ui-tests", .output([], .exited(0)))
        let output = CapturingOutputSink()
        let runner = try runner(clock: clock, shell: shell, output: output)
        var held = try FileNamedLocks(folder: folder.path + "/locks").tryLock("simulator", as: other)
        #expect(held != nil)
        let run = Task { try await runner.run("ui") }
        await waitUntil("the step waits for its lock") { output.standardError.contains("waits for lock") }
        #expect(
            output.standardError.contains(
                "'run-ui-tests' waits for lock 'simulator', held by lane 'deploy' (run r0, pid \(ProcessInfo.processInfo.processIdentifier)) since 2026-01-01T00:00:00Z"
            ))
        #expect(await shell.commands.isEmpty)
        withExtendedLifetime(held) {}
        held = nil
        clock.advance(by: .milliseconds(50))
        let result = try await run.value
        #expect(result.status == .passed)
        #expect(await shell.commands.count == 1)
        // Once the lane is done, the locks are free again.
        #expect(try FileNamedLocks(folder: folder.path + "/locks").tryLock("altool", as: other) != nil)
        #expect(try FileNamedLocks(folder: folder.path + "/locks").tryLock("simulator", as: other) != nil)
    }

    @Test("the wait counts against the step's timeout: it times out without running, naming the holder")
    func waitCountsAgainstTimeout() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_225_660))
        let shell = ScriptedShellRunner()
        let output = CapturingOutputSink()
        let runner = try runner(clock: clock, shell: shell, output: output)
        let held = try FileNamedLocks(folder: folder.path + "/locks").tryLock("simulator", as: other)
        let run = Task { try await runner.run("quick") }
        await waitUntil("the step waits for its lock") { output.standardError.contains("waits for lock") }
        clock.advance(by: .seconds(2))
        let result = try await run.value
        withExtendedLifetime(held) {}
        #expect(result.status == .failed)
        let step = try #require(result.steps.first)
        #expect(step.status == .timedOut)
        #expect(step.reason == .timeout)
        #expect(step.message?.hasPrefix("'run-quick' timed out after 2.0s waiting for lock 'simulator', held by lane 'deploy'") == true)
        #expect(await shell.commands.isEmpty)
    }

    /// Issue #26 §3: on macOS's case-insensitive volumes `Deploy.lock` and `deploy.lock` are one
    /// file, so a step holding `Deploy` that also wanted `deploy` waited on itself forever.
    @Test("lock names that differ in case only are one lock: taken once, and another holder's 'deploy' makes 'DEPLOY' wait")
    func caseFolded() async throws {
        let lanes = """
            lanes:
              mixed:
                locks: [Deploy]
                steps:
                  - sh: run-deploy
                    locks: [deploy, DEPLOY]
            """
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_225_660))
        let shell = ScriptedShellRunner()
        await shell.onScript(containing: "run-deploy", .output([], .exited(0)))
        let output = CapturingOutputSink()
        let runner = try runner(clock: clock, shell: shell, output: output, lanes: lanes)
        #expect(try await runner.run("mixed").status == .passed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/locks").sorted() == ["deploy.holder", "deploy.lock"])

        var held = try FileNamedLocks(folder: folder.path + "/locks").tryLock("deploy", as: other)
        let run = Task { try await runner.run("mixed") }
        await waitUntil("the step waits for lock 'deploy'") { output.standardError.contains("waits for lock 'deploy'") }
        #expect(await shell.commands.count == 1)
        withExtendedLifetime(held) {}
        held = nil
        clock.advance(by: .milliseconds(50))
        #expect(try await run.value.status == .passed)
        #expect(await shell.commands.count == 2)
    }

    /// Issue #26 §3: the holder file said pid 1234 of an earlier run; naming a process that has
    /// ended as the holder sent users hunting for it. The lock is held (by a process the ended
    /// nightshift started), so the wait goes on, and the message says so.
    @Test("a holder whose recorded pid has ended is named as such, not as a live holder")
    func endedHolder() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_767_225_660))
        let shell = ScriptedShellRunner()
        let output = CapturingOutputSink()
        let runner = try runner(clock: clock, shell: shell, output: output)
        let held = try FileNamedLocks(folder: folder.path + "/locks").tryLock("simulator", as: other)
        // What a killed holder left: a pid no process has (above every platform's pid limit).
        let ended: Int32 = 2_147_483_600
        try "\(ended) 1767225600.0 r0 deploy\n".write(toFile: folder.path + "/locks/simulator.holder", atomically: true, encoding: .utf8)
        #expect(ProcessLiveness.of(ended) == .ended)
        #expect(ProcessLiveness.of(ProcessInfo.processInfo.processIdentifier) == .alive)
        let run = Task { try await runner.run("quick") }
        await waitUntil("the step waits for its lock") { output.standardError.contains("waits for lock") }
        #expect(
            output.standardError.contains(
                "'run-quick' waits for lock 'simulator', held since 2026-01-01T00:00:00Z by a process that lane 'deploy' (run r0) started and that outlived it (pid \(ended), the nightshift that took the lock, has ended)"
            ), "\(output.standardError)")
        clock.advance(by: .seconds(2))
        _ = try await run.value
        withExtendedLifetime(held) {}
    }

    @Test("a dry run takes no lock")
    func dryRunTakesNone() async throws {
        let file = try LanesFileLoader().parse(text: Self.lanes, path: "lanes.yml")
        let shell = ScriptedShellRunner()
        await shell.onScript(containing: "run-quick", .output([], .exited(0)))
        var builder = LaneRunnerBuilder(
            file: file, shell: shell, clock: ManualClock(now: Date()), environment: [:], output: CapturingOutputSink(),
            options: RunOptions(isDryRun: true, stateDirectory: folder.path + "/state", runID: "r1"))
        builder.namedLocks = FileNamedLocks(folder: folder.path + "/locks")
        let held = try FileNamedLocks(folder: folder.path + "/locks").tryLock("simulator", as: other)
        #expect(try await builder.build().run("quick").status == .passed)
        withExtendedLifetime(held) {}
    }

    @Test(
        "a lock name that is no safe file name, or locks on a lane: call, is a located error",
        arguments: [
            ("lanes:\n  a:\n    locks: [../x]\n    steps: [{ sh: make }]\n", "3:13 lock name '../x' must not start with '.'"),
            (
                "lanes:\n  a:\n    steps:\n      - sh: make\n        locks: [a/b]\n",
                "5:17 lock name 'a/b' may hold only letters, digits, '-', '_' and '.'"
            ),
            (
                "lanes:\n  a:\n    steps:\n      - lane: b\n        locks: [x]\n  b:\n    steps: [{ sh: make }]\n",
                "5:9 'locks' has no meaning on a 'lane:' call"
            ),
        ])
    func badLockNames(text: String, expected: String) {
        do {
            _ = try LanesFileLoader().parse(text: text, path: "l.yml")
            Issue.record("loaded")
        } catch {
            let first = error.diagnostics.first.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
            #expect(first == expected)
        }
    }
}
