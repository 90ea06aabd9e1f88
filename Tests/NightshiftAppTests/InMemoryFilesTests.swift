import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// The lanes file and the `.env` stack are read through `CommandEnvironment.files`: these commands
/// run on files that exist only in memory, and count what was read.
@Suite("Commands read their files through the environment (#27)")
struct InMemoryFilesTests {
    @Test("a lanes file that exists only in memory validates")
    func validatesFromMemory() async throws {
        let app = try AppHarness()
        let files = InMemoryFiles()
        try files.write(Fixtures.lanes, to: app.directory + "/lanes.yml")
        let status = await ValidateLanes(global: LanesFileOptions()).execute(in: app.environment(files: files))
        #expect(status == 0)
        #expect(app.standardOutput == "lanes.yml: 4 lanes, 0 configurations: OK\n")
        #expect(!FileManager.default.fileExists(atPath: app.directory + "/lanes.yml"))
    }

    @Test("--file in a folder: read from the current directory, named as given")
    func fileInFolder() async throws {
        let app = try AppHarness()
        let files = InMemoryFiles()
        try files.write("lanes:\n  a:\n    steps:\n      - sh: true\n    bogus: 1\n", to: app.directory + "/ci/lanes.yml")
        let status = await ValidateLanes(global: LanesFileOptions(file: "./ci//lanes.yml")).execute(in: app.environment(files: files))
        #expect(status == 2)
        #expect(app.standardError.hasPrefix("./ci//lanes.yml:5:5: error: "), "\(app.standardError)")
    }

    @Test("no lanes file, or one that cannot be read: the messages they give on disk")
    func missingAndUnreadable() async throws {
        let app = try AppHarness()
        let files = InMemoryFiles()
        #expect(await ValidateLanes(global: LanesFileOptions()).execute(in: app.environment(files: files)) == 2)
        #expect(app.standardError == "error: no lanes file at lanes.yml\nnote: create one, or name another with --file\n")
        let other = try AppHarness()
        try files.makeUnreadable(other.directory + "/lanes.yml")
        #expect(await ValidateLanes(global: LanesFileOptions()).execute(in: other.environment(files: files)) == 2)
        #expect(other.standardError == "error: cannot read lanes.yml: Permission denied\n")
    }

    @Test("--env names a .env file that is not there: what it says on disk, exit 2")
    func missingDotEnv() async throws {
        let app = try AppHarness()
        let files = InMemoryFiles()
        try files.write(Fixtures.lanes, to: app.directory + "/lanes.yml")
        let status = await RunLanes(global: LanesFileOptions(env: "nope"), lanes: ["lint"]).execute(in: app.environment(files: files))
        #expect(status == 2)
        #expect(app.standardError == ".env.nope: error: cannot read .env.nope: no such file\n")
        #expect(await app.shell.commands.isEmpty)
    }

    @Test("run reads each .env file once and prints its notes once, one lane or several at once", arguments: [false, true])
    func dotEnvReadOnce(parallel: Bool) async throws {
        let app = try AppHarness()
        let files = InMemoryFiles()
        try files.write(Fixtures.lanes, to: app.directory + "/lanes.yml")
        try files.write("TARGET=from-default\n", to: app.directory + "/.env.default")
        try files.write("TARGET=from-file\n", to: app.directory + "/.env.ci")
        await app.shell.onScript(containing: "echo lint", .output([], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(env: "ci"), lanes: ["lint"], parallel: parallel).execute(
            in: app.environment(["TARGET": "from-env"], files: files))
        #expect(status == 0)
        #expect(app.standardError.components(separatedBy: "note: TARGET from the environment overrides .env.ci:1").count == 2)
        for name in [".env.default", ".env", ".env.ci", "lanes.yml"] {
            #expect(files.readCount(of: app.directory + "/" + name) == 1, "\(name)")
        }
    }
}
