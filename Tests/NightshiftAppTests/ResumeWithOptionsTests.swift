import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `--resume` meets lane options: among the words after `run`, an option is the lane's and the
/// other word is the id of the run to resume.
@Suite("run --resume with lane options")
struct ResumeWithOptionsTests {
    static let lanes = """
        lanes:
          beta:
            options:
              flavour: { type: choice, values: [a, b], default: a }
            steps:
              - sh: make "$flavour"
                name: build
                outputs: ["${OUT}"]
              - sh: deploy it
                name: deploy
        """

    @Test("`run beta flavour=b RUN-ID --resume` resumes that run with the option; a changed option re-runs the build")
    func optionAndRunID() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        let variables = ["OUT": app.directory + "/App.zip"]
        try app.write("zip", to: "App.zip")
        await app.shell.onScript(containing: "make", .output([], .exited(0)))
        await app.shell.onScript(containing: "deploy it", .output([], .exited(1)), .output([], .exited(0)))
        let first = RunLanes(global: LanesFileOptions(), lanes: ["beta", "flavour=a"])
        #expect(await first.execute(in: app.environment(variables)) == 1)
        let runs = try FileManager.default.contentsOfDirectory(atPath: app.directory + "/.nightshift/runs/beta")
        let runID = try #require(runs.first)

        let resumed = RunLanes(global: LanesFileOptions(), lanes: ["beta", "flavour=b", runID], resume: true)
        #expect(await resumed.execute(in: app.environment(variables)) == 0, "\(app.shown)")
        #expect(app.shown.contains("resuming run \(runID) of lane 'beta'"))
        #expect(app.shown.contains("build re-runs"))
        let commands = await app.shell.commands.map { $0.arguments.last ?? "" }
        #expect(commands == ["make \"$flavour\"", "deploy it", "make \"$flavour\"", "deploy it"])
    }

    @Test("--resume with --parallel is a usage error: a resumed run is one lane's")
    func notWithParallel() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        let command = RunLanes(global: LanesFileOptions(), lanes: ["beta"], resume: true, parallel: true)
        #expect(await command.execute(in: app.environment()) == 2)
        #expect(app.standardError.contains("--resume takes one lane"))
        #expect(await app.shell.commands.isEmpty)
    }
}
