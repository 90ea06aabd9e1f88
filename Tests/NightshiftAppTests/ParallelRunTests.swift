import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `nightshift run a b --parallel [N]` (issue #19), in process.
@Suite("run --parallel, in process")
struct ParallelRunTests {
    @Test("every line carries its lane's name, one table covers every lane, and the exit code is the worst lane's")
    func prefixedWithSummary() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "echo lint", .output([(.standardOutput, "linted\n")], .exited(0)))
        await app.shell.onScript(containing: "make broken", .output([(.standardError, "boom\n")], .exited(7)))
        await app.shell.onScript(containing: "echo cleaning", .output([], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["lint", "broken"], parallel: true).execute(in: app.environment())
        #expect(status == 1)
        #expect(app.standardOutput.contains("[lint]     linted\n"))
        #expect(app.shown.contains("[broken]     boom\n"))
        let table = try #require(app.standardOutput.components(separatedBy: "\nlane    result").last)
        #expect(table.contains("\nlint    passed"))
        #expect(table.contains("\nbroken  failed"))
        #expect(table.contains("Compile"))
        // Every line before the table is a lane's, or blank.
        let laneLines = app.standardOutput.components(separatedBy: "\nlane    result")[0].split(separator: "\n")
        #expect(laneLines.allSatisfy { $0.hasPrefix("[lint]") || $0.hasPrefix("[broken]") }, "\(laneLines)")
        let runs = try FileManager.default.contentsOfDirectory(atPath: app.directory + "/.nightshift/runs")
        #expect(Set(runs) == ["lint", "broken"])
    }

    @Test("--parallel 1 runs one at a time and, without --keep-going, starts no lane after a failure")
    func limitAndKeepGoing() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "make broken", .output([], .exited(7)))
        await app.shell.onScript(containing: "echo cleaning", .output([], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["broken", "lint", "1"], parallel: true).execute(
            in: app.environment())
        #expect(status == 1)
        // `echo lint` was never scripted: the strict shell would have failed the lane had it run.
        #expect(await app.shell.commands.map { $0.arguments.last ?? "" } == ["make broken", "echo cleaning"])
        #expect(!app.standardOutput.contains("[lint]"))
    }

    @Test("--parallel 0 is a usage error naming --parallel, exit 2, nothing run; a lane named '0' still runs")
    func zeroAtOnce() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["lint", "0"], parallel: true).execute(in: app.environment())
        #expect(status == 2)
        #expect(app.standardError.contains("error: --parallel takes how many lanes may run at once, at least 1"))
        #expect(!app.standardError.contains("no lane named"))
        #expect(await app.shell.commands.isEmpty)

        let named = try AppHarness(lanes: "lanes:\n  \"0\":\n    steps:\n      - sh: echo zero\n")
        await named.shell.onScript(containing: "echo zero", .output([], .exited(0)))
        #expect(await RunLanes(global: LanesFileOptions(), lanes: ["0"], parallel: true).execute(in: named.environment()) == 0)
    }

    @Test("a run interrupted by SIGTERM stops every lane; each runs its cleanup; exit 143")
    func terminateStopsEveryLane() async throws {
        let lanes = """
            lanes:
              one:
                steps:
                  - sh: wait-one
                  - sh: clean-one
                    always: true
              two:
                steps:
                  - sh: wait-two
                  - sh: clean-two
                    always: true
            """
        let app = try AppHarness(lanes: lanes)
        await app.shell.onScript(containing: "wait-one", .hang)
        await app.shell.onScript(containing: "wait-two", .hang)
        await app.shell.onScript(containing: "clean-one", .output([], .exited(0)))
        await app.shell.onScript(containing: "clean-two", .output([], .exited(0)))
        let run = Task { await RunLanes(global: LanesFileOptions(), lanes: ["one", "two"], parallel: true).execute(in: app.environment()) }
        await waitUntil("both lanes run, the signal trap set") { await app.shell.commands.count == 2 && app.signals.trapCount > 0 }
        app.signals.send(Signals.terminate)
        #expect(await run.value == 143)
        let commands = Set(await app.shell.commands.map { $0.arguments.last ?? "" })
        #expect(commands == ["wait-one", "wait-two", "clean-one", "clean-two"])
        #expect(app.standardOutput.contains("\none   interrupted  0.0s      wait-one"))
        #expect(app.standardOutput.contains("\ntwo   interrupted  0.0s      wait-two"))
    }

    @Test("#26.13: with --parallel 1, a lane a failure kept from starting is in the table, the JSON and the JUnit as not run")
    func laneNeverStartedIsShownNotRun() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "make broken", .output([], .exited(7)))
        await app.shell.onScript(containing: "echo cleaning", .output([], .exited(0)))
        let command = RunLanes(
            global: LanesFileOptions(), lanes: ["broken", "lint", "1"], junit: "r.xml", json: "r.json", parallel: true)
        #expect(await command.execute(in: app.environment()) == 1)
        let table = try #require(app.standardOutput.components(separatedBy: "\nlane    result").last)
        #expect(table.contains("\nbroken  failed"))
        #expect(table.contains("\nlint    not run"), "\(table)")
        try expectLintNotRunAfterBroken(in: app)
    }
}
