import Foundation
@testable import NightshiftEngine
import NightshiftSystem
import NightshiftTestSupport
import Testing
import NightshiftRunnerTestSupport

@Suite("nightshift run A B C", .temporaryDirectory)
struct RunSessionTests {
    static let yaml = """
        project: { name: Demo }
        lanes:
          lint:
            steps:
              - sh: lint
          test:
            steps:
              - sh: unit-tests
          deploy:
            steps:
              - sh: deploy
        """

    @Test("lanes run in order and the first failure stops the rest, which are reported not run", arguments: LaneRunnerHarness.Mode.allCases)
    func stopsAtFirstFailure(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(mode: mode, yaml: Self.yaml)
        await harness.shell.onScript(containing: "unit-tests", .output([], .exited(1)))
        await harness.shell.onScripts("lint")
        let results = try await RunSession(runner: harness.runner()).run(["lint", "test", "deploy"], keepGoing: false)
        #expect(results.map(\.lane) == ["lint", "test", "deploy"])
        #expect(results.map(\.status) == [.passed, .failed, .notRun])
        #expect(results[2].message == "lane 'test' failed before it started")
        #expect(results[2].steps.map(\.status) == [.notRun])
        #expect(await harness.scripts() == ["lint", "unit-tests"])
    }

    @Test("--keep-going runs the remaining lanes after a failure", arguments: LaneRunnerHarness.Mode.allCases)
    func keepGoing(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(mode: mode, yaml: Self.yaml)
        await harness.shell.onScript(containing: "lint", .output([], .exited(1)))
        await harness.shell.onScripts("unit-tests", "deploy")
        let results = try await RunSession(runner: harness.runner()).run(["lint", "test", "deploy"], keepGoing: true)
        #expect(results.map(\.status) == [.failed, .passed, .passed])
        #expect(await harness.scripts() == ["lint", "unit-tests", "deploy"])
    }

    @Test(
        "every lane is checked before the first one starts: an unknown one means nothing runs", arguments: LaneRunnerHarness.Mode.allCases)
    func checksAllFirst(mode: LaneRunnerHarness.Mode) async throws {
        let harness = try LaneRunnerHarness(mode: mode, yaml: Self.yaml)
        await #expect(throws: RunPreparationError.self) {
            try await RunSession(runner: harness.runner()).run(["lint", "deploi"], keepGoing: false)
        }
        #expect(await harness.scripts().isEmpty)
    }
}
