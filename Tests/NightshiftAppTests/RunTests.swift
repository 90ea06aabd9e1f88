import Foundation
import NightshiftApp
import NightshiftCore
import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("run, in process")
struct RunTests {
    @Test("runs a lane for real against the shell: output streamed, secret masked, JSON report, step log; exit 0")
    func passingLane() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "echo \"token", .output([(.standardOutput, "token hunter2-secret for iOS\n")], .exited(0)))
        let command = RunLanes(global: LanesFileOptions(), lanes: ["nightly"], json: "reports/run.json")
        let status = await command.execute(in: app.environment(["RELEASE_TOKEN": "hunter2-secret", "TARGET": "iOS"]))
        #expect(status == 0)
        #expect(app.standardOutput.contains("token ******** for iOS"))
        #expect(!app.shown.contains("hunter2-secret"))
        let commands = await app.shell.commands
        #expect(commands.count == 1)
        #expect(commands.first?.arguments.last == "echo \"token $RELEASE_TOKEN for ${TARGET}\"")
        let report = try #require(app.read("reports/run.json"))
        #expect(report.contains("\"status\" : \"passed\"") || report.contains("\"status\":\"passed\""))
        let runs = try FileManager.default.contentsOfDirectory(atPath: app.directory + "/.nightshift/runs/nightly")
        #expect(runs.count == 1)
    }

    @Test("a failing step exits 1; the rest is skipped, always steps run")
    func failingStep() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "make broken", .output([(.standardError, "boom\n")], .exited(7)))
        await app.shell.onScript(containing: "echo cleaning", .output([(.standardOutput, "cleaning\n")], .exited(0)))
        let status = await app.run("broken")
        #expect(status == 1)
        #expect(app.shown.contains("boom"))
        #expect(app.standardOutput.contains("cleaning"))
        #expect(await app.shell.commands.map { $0.arguments.last ?? "" } == ["make broken", "echo cleaning"])
    }

    @Test("--keep-going runs the next lane after a failure; still exit 1")
    func keepGoing() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "make broken", .output([], .exited(7)))
        await app.shell.onScript(containing: "echo cleaning", .output([], .exited(0)))
        await app.shell.onScript(containing: "echo lint", .output([(.standardOutput, "linted\n")], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["broken", "lint"], keepGoing: true).execute(in: app.environment())
        #expect(status == 1)
        #expect(app.standardOutput.contains("linted"))
    }

    @Test("#26.13: lanes after a failure are not run: each has its table, and the JSON and JUnit list them as not run")
    func lanesAfterAFailureAreNotRun() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "make broken", .output([], .exited(7)))
        await app.shell.onScript(containing: "echo cleaning", .output([], .exited(0)))
        let command = RunLanes(global: LanesFileOptions(), lanes: ["broken", "lint"], junit: "r.xml", json: "r.json")
        #expect(await command.execute(in: app.environment()) == 1)
        #expect(app.standardOutput.contains("\necho lint  -         not run\n"), "\(app.standardOutput)")
        #expect(app.standardOutput.contains("lane lint not run: lane 'broken' failed before it started"))
        try expectLintNotRunAfterBroken(in: app)
        #expect(await app.shell.commands.map { $0.arguments.last ?? "" } == ["make broken", "echo cleaning"])
    }

    @Test("an unknown lane: error with did-you-mean and the lane list, exit 2, nothing ran")
    func unknownLane() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await app.run("lnt")
        #expect(status == 2)
        #expect(
            app.standardError == """
                error: no lane named 'lnt'
                note: did you mean 'lint'?
                note: lanes: lint, nightly, broken, hang

                """)
        #expect(await app.shell.commands.isEmpty)
    }

    @Test("a missing variable: exit 2 before anything runs")
    func missingVariable() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await app.run("nightly")
        #expect(status == 2)
        #expect(app.standardError.contains("environment variable 'TARGET' is not set"))
        #expect(await app.shell.commands.isEmpty)
    }

    @Test("an invalid lanes.yml: every error, exit 2, nothing ran")
    func invalidLanesFile() async throws {
        let app = try AppHarness(lanes: Fixtures.invalid)
        let status = await app.run("lint")
        #expect(status == 2)
        #expect(app.standardError.contains("lanes.yml:4:5: error: unknown key 'stpes' in lane 'lint'"))
        #expect(await app.shell.commands.isEmpty)
    }

    @Test("--env names a .env file that is not there: a located error naming it, exit 2")
    func unreadableDotEnv() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await RunLanes(global: LanesFileOptions(env: "nope"), lanes: ["lint"]).execute(in: app.environment())
        #expect(status == 2)
        #expect(app.standardError == ".env.nope: error: cannot read .env.nope: no such file\n")
        #expect(await app.shell.commands.isEmpty)
    }

    @Test("a .env line dotenv cannot read: located at its line, exit 2")
    func badDotEnvLine() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        try app.write("TARGET=\"unterminated\n", to: ".env.ci")
        let status = await RunLanes(global: LanesFileOptions(env: "ci"), lanes: ["lint"]).execute(in: app.environment())
        #expect(status == 2)
        #expect(app.standardError.hasPrefix(".env.ci:1:"))
        #expect(app.standardError.contains(": error: "))
    }

    @Test("--env fills unset variables; the real environment wins, with a note; the file's secret is masked")
    func dotEnvFills() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        try app.write("TARGET=from-file\nRELEASE_TOKEN=file-token-123\n", to: ".env.ci")
        await app.shell.onScript(
            containing: "echo \"token", .output([(.standardOutput, "token file-token-123 for from-env\n")], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(env: "ci"), lanes: ["nightly"]).execute(
            in: app.environment(["TARGET": "from-env"]))
        #expect(status == 0)
        // Once, although the run reads the environment for its options, its preparation and its console.
        #expect(app.standardError.components(separatedBy: "note: TARGET from the environment overrides .env.ci:1").count == 2)
        #expect(app.standardOutput.contains("token ******** for from-env"))
        #expect(!app.shown.contains("file-token-123"))
        #expect(await app.shell.commands.first?.environment["TARGET"] == "from-env")
    }

    @Test("--parallel: the .env notes are printed once")
    func dotEnvNotesOnceInParallel() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        try app.write("TARGET=from-file\n", to: ".env.ci")
        await app.shell.onScript(containing: "echo lint", .output([], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(env: "ci"), lanes: ["lint"], parallel: true).execute(
            in: app.environment(["TARGET": "from-env"]))
        #expect(status == 0)
        #expect(app.standardError.components(separatedBy: "note: TARGET from the environment overrides .env.ci:1").count == 2)
    }

    @Test("a report that cannot be written: named on stderr, exit 1 although the lane passed")
    func unwritableReport() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        try app.write("a file, not a folder", to: "reports")
        await app.shell.onScript(containing: "echo lint", .output([], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["lint"], junit: "reports/lint.xml").execute(in: app.environment())
        #expect(status == 1)
        #expect(app.standardError.contains("error: cannot write report: "))
    }

    @Test("a report named with a trailing slash names a folder: refused, exit 1, and no file beside it")
    func reportNamedAsFolder() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "echo lint", .output([], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["lint"], junit: "out/").execute(in: app.environment())
        #expect(status == 1)
        #expect(app.standardError.contains("error: cannot write report: cannot write 'out/': "))
        #expect(!FileManager.default.fileExists(atPath: app.directory + "/out"))
    }

    @Test("an empty or NUL-holding report path: exit 2 before anything runs, naming the option; no report in the current folder")
    func unusableReportPath() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        for command in [
            RunLanes(global: LanesFileOptions(), lanes: ["lint"], html: ""),
            RunLanes(global: LanesFileOptions(), lanes: ["lint"], junit: ""),
            RunLanes(global: LanesFileOptions(), lanes: ["lint"], json: "a\0b.json"),
        ] {
            #expect(await command.execute(in: app.environment()) == 2)
        }
        #expect(app.standardError.contains("error: --html needs a path; it was given an empty one\n"))
        #expect(app.standardError.contains("error: --junit needs a path; it was given an empty one\n"))
        #expect(app.standardError.contains("error: --json: 'a\\0b.json' holds a NUL byte, which no path can\n"))
        #expect(await app.shell.commands.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: app.directory + "/index.html"))
        #expect(!FileManager.default.fileExists(atPath: app.directory + "/.nightshift"))
    }

    @Test("the lane lock held by another: exit 1, nothing runs")
    func laneLockHeld() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let path = app.directory + "/lint.lock"
        let held = try FileLock(path: path)
        let status = await app.run("lint", variables: ["NIGHTSHIFT_LANE_LOCK": path])
        withExtendedLifetime(held) {}
        #expect(status == 1)
        #expect(app.standardError.hasPrefix("error: lane 'lint' is already running"))
        #expect(app.standardError.hasSuffix("and holds \(path); not starting it again\n"))
        #expect(await app.shell.commands.isEmpty)
    }

    @Test("a lane lock path that holds something else: exit 1, the file is left alone")
    func laneLockNotALockFile() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        try app.write("precious data\n", to: "notes.txt")
        let status = await app.run("lint", variables: ["NIGHTSHIFT_LANE_LOCK": app.directory + "/notes.txt"])
        #expect(status == 1)
        #expect(app.standardError.hasSuffix("; not running lane 'lint'\n"))
        #expect(app.read("notes.txt") == "precious data\n")
    }

    @Test(
        "a signal while a step runs stops the lane and exits 128 + the signal",
        arguments: zip([Signals.hangUp, Signals.interrupt, Signals.terminate], [Int32(129), 130, 143]))
    func interrupted(signal: Int32, expected: Int32) async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "sleep forever", .hang)
        let task = Task { await app.run("hang") }
        await waitUntil("the step runs, the signal trap set") { await !app.shell.commands.isEmpty && app.signals.trapCount == 1 }
        app.signals.send(signal)
        #expect(await task.value == expected)
    }

    @Test("a secret the lane needs but the environment lacks: exit 2, named, nothing ran")
    func missingSecret() async throws {
        let app = try AppHarness(
            lanes: """
                project: { name: Demo }
                secrets: [RELEASE_TOKEN]
                lanes:
                  ship:
                    env: { TOKEN: "${RELEASE_TOKEN}" }
                    steps: [ { sh: ./ship } ]
                """)
        let status = await app.run("ship")
        #expect(status == 2)
        #expect(app.standardError.contains("'RELEASE_TOKEN' is not set"))
        #expect(await app.shell.commands.isEmpty)
    }

    @Test("a state folder that cannot be written: a warning, the run goes on without logs; exit 0")
    func unwritableStateFolder() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        try app.write("not a folder", to: ".nightshift")
        await app.shell.onScript(containing: "echo lint", .output([(.standardOutput, "linted\n")], .exited(0)))
        let status = await app.run("lint")
        #expect(status == 0)
        #expect(app.shown.contains("warning: cannot write logs under \(app.directory)/.nightshift: "))
        #expect(app.standardOutput.contains("linted"))
    }

    @Test("--dry-run reads as a run (header, each step with its command beneath, a closing line), masks secrets, executes nothing; exit 0")
    func dryRun() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["nightly"], dryRun: true)
            .execute(in: app.environment(["RELEASE_TOKEN": "hunter2-secret", "TARGET": "iOS"]))
        #expect(status == 0)
        #expect(
            app.standardOutput == """
                lane nightly (dry run: each command is shown, none is run)
                ▶ echo "token $RELEASE_TOKEN for ${TARGET}"
                    $ echo "token $RELEASE_TOKEN for ${TARGET}"
                ✔ echo "token $RELEASE_TOKEN for ${TARGET}"

                dry run of lane nightly passed: 1 step would run; nothing was executed

                """)
        #expect(!app.shown.contains("hunter2-secret"))
        #expect(await app.shell.commands.isEmpty)
        #expect(app.signals.trapCount == 0)
    }

    @Test("--dry-run --parallel: each lane's header, steps, commands and closing line carry its name")
    func dryRunInParallel() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["lint", "broken"], dryRun: true, parallel: true)
            .execute(in: app.environment())
        #expect(status == 0)
        for line in [
            "[lint] lane lint (dry run: each command is shown, none is run)\n", "[lint]     $ echo lint\n",
            "[lint] dry run of lane lint passed: 1 step would run; nothing was executed\n", "[broken] ▶ Compile\n",
            "[broken]     $ make broken\n", "[broken] dry run of lane broken passed: 3 steps would run; nothing was executed\n",
        ] {
            #expect(app.standardOutput.contains(line), "\(line) not in:\n\(app.standardOutput)")
        }
        #expect(await app.shell.commands.isEmpty)
    }
}
