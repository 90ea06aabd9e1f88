import Foundation
@testable import NightshiftCore
@testable import NightshiftEngine
@testable import NightshiftLanes
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerTestSupport

/// Options on `lane:` calls, and time limits over several steps (a lane's `timeout:`).
@Suite("Lane calls and lane deadlines", .temporaryDirectory)
struct LaneCallAndDeadlineTests {
    @Test("always: true on a lane call runs the called lane's steps after a failure", arguments: LaneRunnerHarness.Mode.allCases)
    func alwaysOnCall(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  cleanup:
                    steps:
                      - sh: tidy one
                      - sh: tidy two
                  ci:
                    steps:
                      - sh: build
                      - lane: cleanup
                        always: true
                """)
        await harness.shell.onScript(containing: "build", .output([], .exited(1)))
        await harness.shell.onScripts("tidy one", "tidy two")
        let result = try await harness.run("ci")
        #expect(await harness.scripts() == ["build", "tidy one", "tidy two"])
        #expect(result.status == .failed)
        #expect(result.statuses == ["build": .failed, "tidy one": .passed, "tidy two": .passed])
    }

    @Test("env: on a lane call reaches the called steps and wins over the called lane's own", arguments: LaneRunnerHarness.Mode.allCases)
    func envOnCall(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  notify:
                    env: { CHANNEL: general, LEVEL: info }
                    steps:
                      - sh: send
                  ci:
                    steps:
                      - lane: notify
                        env: { CHANNEL: builds }
                """)
        await harness.shell.onScripts("send")
        _ = try await harness.run("ci")
        let environment = try #require(await harness.shell.commands.first?.environment)
        #expect(environment["CHANNEL"] == "builds")
        #expect(environment["LEVEL"] == "info")
    }

    @Test(
        "continue_on_error on a lane call: the called lane stops at its failure, the caller goes on with a warning",
        arguments: LaneRunnerHarness.Mode.allCases)
    func continueOnErrorOnCall(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  optional:
                    steps:
                      - sh: try it
                      - sh: after try
                  ci:
                    steps:
                      - lane: optional
                        continue_on_error: true
                      - sh: build
                """)
        await harness.shell.onScript(containing: "try it", .output([], .exited(3)))
        await harness.shell.onScripts("build")
        let result = try await harness.run("ci")
        #expect(await harness.scripts() == ["try it", "build"])
        #expect(result.statuses == ["try it": .failedIgnored, "after try": .notRun, "build": .passed])
        #expect(result.status == .passedWithWarnings)
    }

    @Test("continue_on_error also excuses a step's own timeout", arguments: LaneRunnerHarness.Mode.allCases)
    func continueOnErrorExcusesTimeout(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    steps:
                      - sh: slow
                        timeout: 5m
                        continue_on_error: true
                      - sh: next
                """)
        await harness.shell.onScript(containing: "slow", .hang)
        await harness.shell.onScripts("next")
        let run = Task { try await harness.run("ci") }
        await harness.waitForCommands(1)
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(300))
        let result = try await run.value
        #expect(result.statuses == ["slow": .failedIgnored, "next": .passed])
        #expect(result.status == .passedWithWarnings)
    }

    @Test("a lane's timeout stops the running step and the rest; always steps still run", arguments: LaneRunnerHarness.Mode.allCases)
    func laneTimeout(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    timeout: 1h
                    steps:
                      - sh: first
                      - sh: second
                        continue_on_error: true
                      - sh: third
                      - sh: cleanup
                        always: true
                """)
        await harness.shell.onScript(containing: "second", .hang)
        await harness.shell.onScripts("first", "cleanup")
        let run = Task { try await harness.run("ci") }
        // `first`'s own deadline timer is gone once it ended: the sleeper is `second`'s.
        await harness.waitForCommands(2)
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(3600))
        let result = try await run.value
        #expect(result.statuses == ["first": .passed, "second": .timedOut, "third": .notRun, "cleanup": .passed])
        #expect(result.firstFailure?.message == "'second' stopped: lane 'ci' reached its timeout of 1h")
        #expect(result.status == .failed)
        #expect(await harness.scripts() == ["first", "second", "cleanup"])
    }

    @Test("a lane's timeout spans its steps: it does not restart with each one", arguments: LaneRunnerHarness.Mode.allCases)
    func laneTimeoutSpansSteps(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  ci:
                    timeout: 30m
                    steps:
                      - sh: one
                        retry: { times: 1, delay: 20m }
                      - sh: two
                """)
        await harness.shell.onScript(containing: "one", .output([], .exited(1)), .output([], .exited(0)))
        await harness.shell.onScript(containing: "two", .hang)
        let start = harness.clock.now
        let run = Task { try await harness.run("ci") }
        await harness.clock.waitForSleeper(wakingAt: start.addingTimeInterval(1200))  // the retry's wait
        harness.clock.advance(by: .seconds(1200))
        await harness.waitForCommands(3)
        await harness.clock.waitForSleeper(wakingAt: start.addingTimeInterval(1800))  // the lane's deadline
        harness.clock.advance(by: .seconds(600))
        let result = try await run.value
        #expect(result.statuses == ["one": .passed, "two": .timedOut])
        #expect(result.firstFailure?.message == "'two' stopped: lane 'ci' reached its timeout of 30m")
    }

    @Test("timeout: on a lane call bounds the called steps together", arguments: LaneRunnerHarness.Mode.allCases)
    func timeoutOnCall(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(
            mode: mode,
            yaml: """
                project: { name: Demo }
                lanes:
                  deploy:
                    steps:
                      - sh: upload
                      - sh: announce
                  ci:
                    steps:
                      - lane: deploy
                        timeout: 10m
                        continue_on_error: true
                      - sh: report
                """)
        await harness.shell.onScript(containing: "upload", .hang)
        await harness.shell.onScripts("report")
        let run = Task { try await harness.run("ci") }
        await harness.waitForCommands(1)
        await harness.clock.waitForSleepers()
        harness.clock.advance(by: .seconds(600))
        let result = try await run.value
        #expect(result.statuses == ["upload": .failedIgnored, "announce": .notRun, "report": .passed])
        #expect(result.steps.first?.message == "'upload' stopped: 'lane deploy' reached its timeout of 10m")
        #expect(result.status == .passedWithWarnings)
    }

    @Test("retry and no_output_timeout on a lane call are errors at their keys")
    func perStepOptionsOnCallRejected() throws {
        let yaml = """
            project: { name: Demo }
            lanes:
              lint:
                steps:
                  - sh: swiftlint
              ci:
                steps:
                  - lane: lint
                    retry: 2
                    no_output_timeout: 5m
            """
        #expect {
            try LanesFileLoader().parse(text: yaml, path: "lanes.yml")
        } throws: { error in
            let messages = (error as? LanesFileError)?.diagnostics.map { String($0.description.prefix { $0 != "\n" }) } ?? []
            return messages == [
                "lanes.yml:9:9: error: 'retry' has no meaning on a 'lane:' call",
                "lanes.yml:10:9: error: 'no_output_timeout' has no meaning on a 'lane:' call",
            ]
        }
    }
}
