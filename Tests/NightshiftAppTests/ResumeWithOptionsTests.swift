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

    static let releaseLanes = """
        lanes:
          beta:
            options:
              flavor: { type: choice, values: [debug, release], default: debug }
              token: { secret: true }
              api_key: { secret: true, default: "${API_KEY}" }
            steps:
              - sh: make "$flavor" "$token"
                name: build
                outputs: ["${OUT}"]
              - sh: deploy it
                name: deploy
        """

    /// A `flavor=release` run given a secret, whose deploy failed.
    func failedReleaseRun() async throws -> (AppHarness, [String: String], String) {
        let app = try AppHarness(lanes: Self.releaseLanes)
        let variables = ["OUT": app.directory + "/App.zip", "API_KEY": "key-from-env-77"]
        try app.write("zip", to: "App.zip")
        await app.shell.onScript(containing: "make", .output([], .exited(0)))
        await app.shell.onScript(containing: "deploy it", .output([], .exited(1)), .output([], .exited(0)))
        let first = RunLanes(global: LanesFileOptions(), lanes: ["beta", "flavor=release", "token=tok-s3cr3t-91"])
        #expect(await first.execute(in: app.environment(variables)) == 1)
        let runs = try FileManager.default.contentsOfDirectory(atPath: app.directory + "/.nightshift/runs/beta")
        return (app, variables, try #require(runs.first))
    }

    @Test("#26.8: --resume without options reuses the run's non-secret options, says so, and keeps no secret")
    func reusesRecordedOptions() async throws {
        let (app, variables, runID) = try await failedReleaseRun()
        let journal = try #require(app.read(".nightshift/runs/beta/\(runID)/journal.json"))
        #expect(journal.contains("release"))
        #expect(!journal.contains("tok-s3cr3t-91") && !journal.contains("key-from-env-77"))
        let resumed = RunLanes(global: LanesFileOptions(), lanes: ["beta", "token=tok-s3cr3t-91"], resume: true)
        #expect(await resumed.execute(in: app.environment(variables)) == 0, "\(app.shown)")
        #expect(app.shown.contains("options from run \(runID): flavor=release"), "\(app.shown)")
        // The same flavor and secret: the build is reused, only the deploy runs.
        #expect(app.shown.contains("↻ build reused"))
        let commands = await app.shell.commands.map { $0.arguments.last ?? "" }
        #expect(commands == ["make \"$flavor\" \"$token\"", "deploy it", "deploy it"])
        #expect(!app.shown.contains("tok-s3cr3t-91"))
    }

    @Test("#26.8: a secret option given to the run must be given again: exit 2, named, nothing runs")
    func secretMustBeGivenAgain() async throws {
        let (app, variables, runID) = try await failedReleaseRun()
        let before = await app.shell.commands.count
        let resumed = RunLanes(global: LanesFileOptions(), lanes: ["beta"], resume: true)
        #expect(await resumed.execute(in: app.environment(variables)) == 2)
        #expect(
            app.standardError.contains("option 'token' of lane 'beta' is secret: run \(runID) did not keep it; give it again"),
            "\(app.standardError)")
        // A secret that came from its default comes from it again: not asked for.
        #expect(!app.standardError.contains("'api_key'"))
        #expect(await app.shell.commands.count == before)
    }

    @Test("#26.8: an option given again with another value re-runs what it reaches, and the run says which changed")
    func changedOptionReruns() async throws {
        let (app, variables, runID) = try await failedReleaseRun()
        let resumed = RunLanes(global: LanesFileOptions(), lanes: ["beta", "flavor=debug", "token=tok-s3cr3t-91"], resume: true)
        #expect(await resumed.execute(in: app.environment(variables)) == 0, "\(app.shown)")
        #expect(app.shown.contains("options changed since run \(runID): flavor release → debug"), "\(app.shown)")
        #expect(app.shown.contains("build re-runs: "))
        let commands = await app.shell.commands.map { $0.arguments.last ?? "" }
        #expect(commands.filter { $0.hasPrefix("make") }.count == 2)
    }
}
