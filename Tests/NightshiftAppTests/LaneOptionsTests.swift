import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Typed lane options (issue #19) through `nightshift run` and `nightshift lanes LANE`, in process.
@Suite("lane options, in process")
struct LaneOptionsTests {
    static let lanes = #"""
        lanes:
          qa-release:
            description: QA build
            options:
              version: { type: string, pattern: '^\d+\.\d+\.\d+$', required: true, description: Marketing version }
              build:   { type: int, default: "${BUILD_NUMBER:-1}" }
              notify:  { type: bool, default: true }
              track:   { type: choice, values: [internal, external], default: internal }
              token:   { type: string, secret: true, default: "" }
            steps:
              - sh: echo "v=${version} b=${build} t=$NIGHTSHIFT_OPTION_TRACK token=$token"
              - lane: package
                options: { track: external, flavour: "${build}" }
          package:
            options:
              track:   { type: choice, values: [internal, external], default: internal }
              flavour: { type: string }
            steps:
              - sh: echo package
        """#

    private func scriptBoth(_ app: AppHarness, token: String = "") async {
        await app.shell.onScript(
            containing: "echo \"v=", .output([(.standardOutput, "token=\(token)\n")], .exited(0)))
        await app.shell.onScript(containing: "echo package", .output([], .exited(0)))
    }

    @Test("name=value and fastlane's name:value reach the steps as ${name} and NIGHTSHIFT_OPTION_NAME, defaults filled in")
    func optionsReachSteps() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        await scriptBoth(app)
        let status = await app.run("qa-release", "version=1.4.0", "track:external", "notify=FALSE", variables: ["BUILD_NUMBER": "77"])
        #expect(status == 0, "\(app.shown)")
        let commands = await app.shell.commands
        let first = try #require(commands.first?.environment)
        #expect(first["version"] == "1.4.0")
        #expect(first["NIGHTSHIFT_OPTION_VERSION"] == "1.4.0")
        #expect(first["NIGHTSHIFT_OPTION_BUILD"] == "77")
        #expect(first["build"] == "77")
        #expect(first["notify"] == "false")
        #expect(first["NIGHTSHIFT_OPTION_TRACK"] == "external")
        // The `lane:` call's own options win in the called lane; the rest are its defaults.
        let called = try #require(commands.last?.environment)
        #expect(called["track"] == "external")
        #expect(called["NIGHTSHIFT_OPTION_TRACK"] == "external")
        #expect(called["NIGHTSHIFT_OPTION_FLAVOUR"] == "77")
    }

    @Test("every problem at once, exit 2, nothing ran: unknown with did-you-mean and the list, bad int, bad choice, missing required")
    func problemsBeforeAnythingRuns() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        let status = await app.run("qa-release", "versoin=1.4", "build=many", "track=beta")
        #expect(status == 2)
        #expect(
            app.standardError == """
                error: lane 'qa-release' has no option 'versoin'
                note: did you mean 'version'?
                note: options of lane 'qa-release': version, build, notify, track, token
                error: option 'build' of lane 'qa-release' must be a whole number, found 'many'
                error: option 'track' of lane 'qa-release' must be one of internal, external, found 'beta'
                error: lane 'qa-release' needs option 'version' (Marketing version), not given on the command line
                note: give it as version=VALUE, e.g. nightshift run qa-release version=…
                note: options of lane 'qa-release': version, build, notify, track, token
                4 errors

                """)
        #expect(await app.shell.commands.isEmpty)
    }

    @Test("a value that fails the pattern, a bool that is not one, an option given twice, an option before any lane: exit 2")
    func moreProblems() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        #expect(await app.run("qa-release", "version=1.4", "notify=yes", "version=1.4.0") == 2)
        #expect(app.standardError.contains(#"error: option 'version' of lane 'qa-release' must match '^\d+\.\d+\.\d+$', found '1.4'"#))
        #expect(app.standardError.contains("error: option 'notify' of lane 'qa-release' must be true or false, found 'yes'"))
        #expect(app.standardError.contains("error: option 'version' of lane 'qa-release' is given twice on the command line"))
        let before = try AppHarness(lanes: Self.lanes)
        #expect(await before.run("version=1.4.0", "qa-release") == 2)
        #expect(before.standardError.hasPrefix("error: option 'version' comes before any lane"))
        #expect(await before.shell.commands.isEmpty)
    }

    @Test("a lane without options says it takes none")
    func laneWithoutOptions() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        #expect(await app.run("lint", "fast=true") == 2)
        #expect(app.standardError.contains("error: lane 'lint' has no option 'fast'\nnote: lane 'lint' takes no options"))
    }

    @Test("a secret option is masked on the console, in --json and in JUnit properties; the others are recorded as given")
    func secretOptionMaskedAndRecorded() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        await scriptBoth(app, token: "s3cret-value-42")
        let command = RunLanes(
            global: LanesFileOptions(), lanes: ["qa-release", "version=2.0.0", "token=s3cret-value-42"], junit: "r.xml", json: "r.json")
        #expect(await command.execute(in: app.environment()) == 0, "\(app.shown)")
        #expect(app.standardOutput.contains("token=********"))
        #expect(!app.shown.contains("s3cret-value-42"))
        let json = try #require(app.read("r.json"))
        #expect(!json.contains("s3cret-value-42"))
        #expect(json.contains("\"name\" : \"token\",\n          \"value\" : \"********\""))
        #expect(json.contains("\"name\" : \"version\",\n          \"value\" : \"2.0.0\""))
        let junit = try #require(app.read("r.xml"))
        #expect(junit.contains("<property name=\"option.version\" value=\"2.0.0\"/>"))
        #expect(junit.contains("<property name=\"option.token\" value=\"********\"/>"))
        #expect(!junit.contains("s3cret-value-42"))
    }

    @Test("a lane without options records none in --json")
    func noOptionsNoRecord() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "echo lint", .output([], .exited(0)))
        #expect(await RunLanes(global: LanesFileOptions(), lanes: ["lint"], json: "r.json").execute(in: app.environment()) == 0)
        #expect(try #require(app.read("r.json")).contains("\"options\"") == false)
    }

    @Test("nightshift lanes LANE prints its options with types, defaults and descriptions")
    func laneHelp() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        #expect(await ListLanes(global: LanesFileOptions(), lane: "qa-release").execute(in: app.environment()) == 0)
        #expect(
            app.standardOutput == #"""
                lane qa-release: QA build
                usage: nightshift run qa-release version=VALUE [build=VALUE] [notify=VALUE] [track=VALUE] [token=VALUE]

                OPTIONS:
                  version (string)           Marketing version; matching ^\d+\.\d+\.\d+$; required
                  build (int)                default: ${BUILD_NUMBER:-1}
                  notify (bool)              default: true
                  track (internal|external)  default: internal
                  token (string)             secret

                """#)
        let unknown = try AppHarness(lanes: Self.lanes)
        #expect(await ListLanes(global: LanesFileOptions(), lane: "qa-relase").execute(in: unknown.environment()) == 2)
        #expect(unknown.standardError.hasPrefix("error: no lane named 'qa-relase'\nnote: did you mean 'qa-release'?"))
    }
}
