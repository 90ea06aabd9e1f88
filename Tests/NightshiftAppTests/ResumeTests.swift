import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// `nightshift run LANE --resume` / `--from` in process: what is reused, and every refusal
/// (exit 2, nothing run).
@Suite("run --resume")
struct ResumeTests {
    static let lanes = """
        lanes:
          beta:
            steps:
              - sh: make app
                name: build
                outputs: ["${OUT}"]
              - sh: deploy it
                name: deploy
        """

    /// A harness whose first run built (its output is there) and then failed to deploy.
    func failedRun() async throws -> (AppHarness, [String: String]) {
        let app = try AppHarness(lanes: Self.lanes)
        let variables = ["OUT": app.directory + "/App.zip"]
        try app.write("zip", to: "App.zip")
        await app.shell.onScript(containing: "make app", .output([], .exited(0)))
        // Fails once, then passes (the last response repeats).
        await app.shell.onScript(
            containing: "deploy it", .output([(.standardError, "network down\n")], .exited(1)), .output([], .exited(0)))
        #expect(await app.run("beta", variables: variables) == 1)
        return (app, variables)
    }

    func resume(_ app: AppHarness, _ lanes: [String] = ["beta"], variables: [String: String], from: String? = nil) async -> Int32 {
        await RunLanes(global: LanesFileOptions(), lanes: lanes, resume: from == nil, from: from)
            .execute(in: app.environment(variables))
    }

    var runFolder: (AppHarness) throws -> String {
        { app in
            let lane = app.directory + "/.nightshift/runs/beta"
            return lane + "/" + (try FileManager.default.contentsOfDirectory(atPath: lane).sorted().last ?? "")
        }
    }

    @Test("the build is reused, the deploy runs again; exit 0")
    func reusesBuild() async throws {
        let (app, variables) = try await failedRun()
        let before = await app.shell.commands.count
        #expect(await resume(app, variables: variables) == 0, "\(app.shown)")
        #expect(await app.shell.commands.dropFirst(before).map { $0.arguments.last ?? "" } == ["deploy it"])
        #expect(app.shown.contains("↻ build reused: passed 00:00, inputs unchanged, App.zip sha256 "))
        #expect(app.shown.contains("deploy re-runs: it failed last time"))
        #expect(app.shown.contains("lane beta passed in 0.0s (resumed, attempt 2)"))
        let journal = try String(contentsOfFile: try runFolder(app) + "/journal.json", encoding: .utf8)
        #expect(journal.contains("\"status\":\"passed\""))
        #expect(journal.contains("\"resumed\":true"))
    }

    @Test("the JSON report marks a resumed run and its reused steps")
    func jsonReport() async throws {
        let (app, variables) = try await failedRun()
        let command = RunLanes(global: LanesFileOptions(), lanes: ["beta"], json: "run.json", resume: true)
        #expect(await command.execute(in: app.environment(variables)) == 0)
        let report = try #require(app.read("run.json"))
        #expect(report.contains("\"resumed_attempt\" : 2"))
        #expect(report.contains("\"status\" : \"reused\""))
    }

    @Test("a changed output re-runs the build and everything after it")
    func changedOutput() async throws {
        let (app, variables) = try await failedRun()
        try app.write("other zip", to: "App.zip")
        #expect(await resume(app, variables: variables) == 0)
        #expect(app.shown.contains("build re-runs: App.zip changed since (sha256 "))
    }

    @Test("--resume with two lanes, an unknown run, another lanes file or a held run lock: exit 2, nothing runs")
    func refusals() async throws {
        let (app, variables) = try await failedRun()
        let before = await app.shell.commands.count
        #expect(await resume(app, ["beta", "r1", "extra"], variables: variables) == 2)
        #expect(app.standardError.contains("--resume takes one lane and, optionally, the id of its run to resume"))
        #expect(await resume(app, ["beta", "20990101-000000-1"], variables: variables) == 2)
        #expect(app.standardError.contains("no run '20990101-000000-1' of lane 'beta' to resume"))
        // Another lanes file: another path and other content.
        try app.write(Self.lanes + "# another file\n", to: "other.yml")
        let runID = (try runFolder(app) as NSString).lastPathComponent
        let otherFile = RunLanes(global: LanesFileOptions(file: "other.yml"), lanes: ["beta", runID], resume: true)
        #expect(await otherFile.execute(in: app.environment(variables)) == 2)
        #expect(app.standardError.contains("ran the lanes of \(app.directory)/lanes.yml, not \(app.directory)/other.yml"))
        let lock = try FileLock(path: try runFolder(app) + "/journal.lock")
        #expect(await resume(app, variables: variables) == 2)
        #expect(app.standardError.contains("is still running (pid \(getpid()))"))
        withExtendedLifetime(lock) {}
        #expect(await app.shell.commands.count == before)
    }

    @Test("an output the step did not leave makes it never reused")
    func missingOutput() async throws {
        let (app, variables) = try await failedRun()
        try FileManager.default.removeItem(atPath: app.directory + "/App.zip")
        #expect(await resume(app, variables: variables) == 0)
        #expect(app.shown.contains("build re-runs: App.zip is gone"))
        let journal = try String(contentsOfFile: try runFolder(app) + "/journal.json", encoding: .utf8)
        #expect(journal.contains("\"reusable\":false"))
    }

    @Test("an output path that spells a secret is not written down, and the step is never reused")
    func secretOutputPath() async throws {
        let app = try AppHarness(lanes: Self.lanes.replacingOccurrences(of: "lanes:", with: "secrets: [OUT]\nlanes:"))
        let variables = ["OUT": app.directory + "/App.zip"]
        try app.write("zip", to: "App.zip")
        await app.shell.onScript(containing: "make app", .output([], .exited(0)))
        await app.shell.onScript(containing: "deploy it", .output([], .exited(1)))
        #expect(await app.run("beta", variables: variables) == 1)
        #expect(await resume(app, variables: variables) == 1)
        #expect(app.shown.contains("build re-runs: nothing it made can be checked"))
        let journal = try String(contentsOfFile: try runFolder(app) + "/journal.json", encoding: .utf8)
        #expect(!journal.contains("App.zip"))
    }

    @Test("--from a step the lane lacks: did-you-mean, exit 2")
    func fromUnknownStep() async throws {
        let (app, variables) = try await failedRun()
        #expect(await resume(app, variables: variables, from: "deplyo") == 2)
        #expect(app.standardError.contains("lane 'beta' has no step named 'deplyo'"))
        #expect(app.standardError.contains("did you mean 'deploy'?"))
    }

    @Test("#27: `--file ./lanes.yml` then `--resume --file lanes.yml` is the same file")
    func sameFileSpelledTwoWays() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        let variables = ["OUT": app.directory + "/App.zip"]
        try app.write("zip", to: "App.zip")
        await app.shell.onScript(containing: "make app", .output([], .exited(0)))
        await app.shell.onScript(containing: "deploy it", .output([], .exited(1)), .output([], .exited(0)))
        let first = RunLanes(global: LanesFileOptions(file: "./lanes.yml"), lanes: ["beta"])
        #expect(await first.execute(in: app.environment(variables)) == 1)
        let resumed = RunLanes(global: LanesFileOptions(file: "lanes.yml"), lanes: ["beta"], resume: true)
        #expect(await resumed.execute(in: app.environment(variables)) == 0, "\(app.shown)")
        #expect(app.shown.contains("↻ build reused"))
    }

    @Test("a run id that is no folder name (`../../evil/RUN2`) is refused: exit 2, nothing runs")
    func runIDMustBeAFolderName() async throws {
        let (app, variables) = try await failedRun()
        let before = await app.shell.commands.count
        #expect(await resume(app, ["beta", "../../../../evil/RUN2"], variables: variables) == 2)
        #expect(app.standardError.contains("'../../../../evil/RUN2' is not a run id"), "\(app.standardError)")
        #expect(await app.shell.commands.count == before)
    }

    @Test("a journal whose runID is not its folder's name is refused, and nothing is written outside .nightshift")
    func journalRunIDMustBeItsFolder() async throws {
        let (app, variables) = try await failedRun()
        let folder = try runFolder(app)
        let runID = (folder as NSString).lastPathComponent
        let path = folder + "/journal.json"
        let journal = try String(contentsOfFile: path, encoding: .utf8)
        #expect(journal.contains("\"runID\":\"\(runID)\""))
        try journal.replacingOccurrences(of: "\"runID\":\"\(runID)\"", with: "\"runID\":\"../../../../pwned\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let before = await app.shell.commands.count
        for words in [["beta"], ["beta", runID]] {
            #expect(await resume(app, words, variables: variables) == 2)
            #expect(app.standardError.contains("it names run '../../../../pwned', not its folder '\(runID)'"), "\(app.standardError)")
        }
        #expect(await app.shell.commands.count == before)
        let outside = ((app.directory + "/.nightshift/runs/beta/../../../../pwned") as NSString).standardizingPath
        #expect(!FileManager.default.fileExists(atPath: outside))
    }

    @Test("a moved workspace (Jenkins' ws@2) resumes: the lanes file is the same by its content")
    func movedWorkspace() async throws {
        let (app, variables) = try await failedRun()
        let moved = try AppHarness(lanes: Self.lanes)
        try FileManager.default.copyItem(atPath: app.directory + "/.nightshift", toPath: moved.directory + "/.nightshift")
        await moved.shell.onScript(containing: "deploy it", .output([], .exited(0)))
        let command = RunLanes(global: LanesFileOptions(), lanes: ["beta"], resume: true)
        #expect(await command.execute(in: moved.environment(variables)) == 0, "\(moved.shown)")
        #expect(moved.shown.contains("↻ build reused"))
        #expect(moved.shown.contains("lanes file was \(app.directory)/lanes.yml, the same content"), "\(moved.shown)")
        #expect(await moved.shell.commands.map { $0.arguments.last ?? "" } == ["deploy it"])
    }

    @Test("--resume without an id takes the newest failed run of this lanes file, ignoring another file's, and says which")
    func newestOfThisLanesFile() async throws {
        let (app, variables) = try await failedRun()
        let ours = (try runFolder(app) as NSString).lastPathComponent
        try app.write(Self.lanes.replacingOccurrences(of: "deploy it", with: "deploy other"), to: "other.yml")
        await app.shell.onScript(containing: "deploy other", .output([], .exited(1)))
        app.clock.advance(by: .seconds(60))
        let other = RunLanes(global: LanesFileOptions(file: "other.yml"), lanes: ["beta"])
        #expect(await other.execute(in: app.environment(variables)) == 1)
        #expect(try runFolder(app).hasSuffix(ours) == false)
        #expect(await resume(app, variables: variables) == 0, "\(app.shown)")
        #expect(app.shown.contains("resuming run \(ours) of lane 'beta' (attempt 2, last failed)"))
        #expect(
            app.shown.contains("the newest failed or interrupted run of lanes.yml (1 newer run of other lanes files passed over)"),
            "\(app.shown)")
    }
}
