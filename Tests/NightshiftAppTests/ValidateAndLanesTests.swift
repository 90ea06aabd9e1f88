import Foundation
import NightshiftApp
import NightshiftCore
import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("validate and lanes, in process")
struct ValidateAndLanesTests {
    @Test("validate: OK on stdout, exit 0")
    func validateOK() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await ValidateLanes(global: LanesFileOptions()).execute(in: app.environment())
        #expect(status == 0)
        #expect(app.standardOutput == "lanes.yml: 4 lanes, 0 configurations: OK\n")
        #expect(app.standardError == "")
    }

    @Test("validate: every problem of lanes.yml, located, with the count; exit 2")
    func validateInvalid() async throws {
        let app = try AppHarness(lanes: Fixtures.invalid)
        let status = await ValidateLanes(global: LanesFileOptions()).execute(in: app.environment())
        #expect(status == 2)
        #expect(app.standardOutput == "")
        #expect(
            app.standardError == """
                lanes.yml:4:5: error: unknown key 'stpes' in lane 'lint'
                lanes.yml:4:5: note: did you mean 'steps'?
                lanes.yml:5:20: error: lane 'lint' names configuration 'x', which does not exist
                lanes.yml:5:20: note: the file defines no configurations
                2 errors

                """)
    }

    @Test("validate LANE: each unset variable the lane reads is named as run names it, never its value; exit 2 as run's")
    func validateLaneVariables() async throws {
        let lanes = """
            secrets: [TOKEN]
            lanes:
              ship:
                env: { GREETING: "hi ${NAME}" }
                steps: [ { sh: "echo ${TOKEN}" }, { lane: notes } ]
              notes: { steps: [ { sh: "echo ${NOTES_URL}" } ] }
              lint: { steps: [ { sh: swiftlint } ] }
            """
        let validated = try AppHarness(lanes: lanes)
        let variables = ["NAME": "sekrit-name-value"]
        let status = await ValidateLanes(global: LanesFileOptions(), lane: "ship").execute(in: validated.environment(variables))
        let ran = try AppHarness(lanes: lanes)
        let runStatus = await ran.run("ship", variables: variables)
        #expect(status == 2 && runStatus == 2)
        #expect(validated.standardOutput == "")
        #expect(validated.standardError == ran.standardError, "validate:\n\(validated.standardError)\nrun:\n\(ran.standardError)")
        #expect(validated.standardError.contains("environment variable 'TOKEN' is not set"), "\(validated.standardError)")
        #expect(validated.standardError.contains("environment variable 'NOTES_URL' is not set"), "\(validated.standardError)")
        #expect(!validated.standardError.contains("sekrit-name-value"))
        #expect(await ran.shell.commands.isEmpty)
        // A lane that reads nothing from outside, and an unknown one (run's words, with a suggestion).
        let lint = try AppHarness(lanes: lanes)
        #expect(await ValidateLanes(global: LanesFileOptions(), lane: "lint").execute(in: lint.environment()) == 0)
        #expect(lint.standardOutput == "lanes.yml: 3 lanes, 0 configurations: OK\n")
        let unknown = try AppHarness(lanes: lanes)
        #expect(await ValidateLanes(global: LanesFileOptions(), lane: "shp").execute(in: unknown.environment()) == 2)
        #expect(unknown.standardError.contains("error: no lane named 'shp'"))
        #expect(unknown.standardError.contains("did you mean 'ship'?"))
    }

    @Test("validate: a missing lanes file is exit 2 with a hint; --file is read against the current directory")
    func validateMissingFile() async throws {
        let app = try AppHarness()
        let status = await ValidateLanes(global: LanesFileOptions(file: "ci/lanes.yml")).execute(in: app.environment())
        #expect(status == 2)
        #expect(app.standardError == "error: no lanes file at ci/lanes.yml\nnote: create one, or name another with --file\n")
    }

    @Test("validate: a schedule that never fires is a warning, exit 0")
    func validateWarning() async throws {
        let app = try AppHarness(lanes: "project: { name: Demo }\nlanes:\n  yearly:\n    schedule: 0 0 31 2 *\n    steps: [{ sh: make }]\n")
        let status = await ValidateLanes(global: LanesFileOptions()).execute(in: app.environment())
        #expect(status == 0)
        #expect(app.standardError.contains("lanes.yml:4:15: warning:"))
        #expect(app.standardOutput == "lanes.yml: 1 lane, 0 configurations: OK\n")
    }

    static let signing = """
        project: { name: Demo, workspace: Demo.xcworkspace, scheme: Demo }
        codesigning: { path: "${CODESIGNING_PATH}", certificate_password: "${CERTIFICATE_PASSWORD}" }
        configurations:
          staging: { certificate: dist, provisioning_profile: Staging, build_configuration: Release,
                     app_identifier: com.example.app, export_method: ad-hoc }
          unused: { certificate: other, provisioning_profile: Other, build_configuration: Release,
                    app_identifier: com.example.app, export_method: ad-hoc }
        lanes:
          beta: { configuration: staging, steps: [package] }
          lint: { configuration: unused, steps: [{ sh: swiftlint }] }
        """

    @Test("validate: a signing file run would refuse as missing is a located warning naming the lanes; exit 0, OK")
    func validateMissingSigningFiles() async throws {
        let app = try AppHarness(lanes: Self.signing)
        try FileManager.default.createDirectory(atPath: app.directory + "/cs", withIntermediateDirectories: true)
        try app.write("not really a p12", to: "cs/dist.p12")
        let status = await ValidateLanes(global: LanesFileOptions()).execute(in: app.environment(["CODESIGNING_PATH": "./cs"]))
        #expect(status == 0)
        #expect(
            app.standardError == """
                lanes.yml:4:3: warning: provisioning profile ./cs/Staging.mobileprovision of configuration 'staging' does not exist: lane 'beta' cannot sign until it does (run and profiles refuse it)

                """)
        #expect(app.standardOutput == "lanes.yml: 2 lanes, 2 configurations: OK\n")
    }

    @Test("validate: signing files whose folder variable is unset are named as not checked, in a note; exit 0")
    func validateUncheckedSigningFiles() async throws {
        let app = try AppHarness(lanes: Self.signing)
        let status = await ValidateLanes(global: LanesFileOptions()).execute(in: app.environment())
        #expect(status == 0)
        #expect(
            app.standardError == """
                lanes.yml:4:3: note: the signing files of configuration 'staging' were not checked: environment variable 'CODESIGNING_PATH' (codesigning.path) is not set

                """)
    }

    @Test("validate: load errors quoting a secret (lanes.yml's, the environment's, a .env file's) are masked")
    func validateMasksSecrets() async throws {
        // One lane quoting each kind of secret: lanes.yml's own env: literal, the environment's, a .env file's.
        let app = try AppHarness(
            lanes: """
                project: { name: Demo }
                lanes:
                  deploy: { env: { RELEASE_TOKEN: "literal-tok-4f9a2c" }, configuration: literal-tok-4f9a2c, steps: [ { sh: echo } ] }
                  publish: { configuration: env-secret-77b1, steps: [ { sh: echo } ] }
                  notify: { configuration: dotenv-secret-31c, steps: [ { sh: echo } ] }
                """)
        try app.write("SLACK_TOKEN=dotenv-secret-31c\n", to: ".env")
        let status = await ValidateLanes(global: LanesFileOptions()).execute(in: app.environment(["API_TOKEN": "env-secret-77b1"]))
        #expect(status == 2)
        #expect(app.standardError.hasPrefix("lanes.yml:3:"))
        #expect(app.standardError.contains(": error: lane 'deploy' names configuration '********'"))
        for secret in ["literal-tok-4f9a2c", "env-secret-77b1", "dotenv-secret-31c"] {
            #expect(!app.shown.contains(secret), "\(secret) shown")
        }
    }

    @Test("lanes: the table on stdout, exit 0")
    func lanesTable() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        let status = await ListLanes(global: LanesFileOptions()).execute(in: app.environment())
        #expect(status == 0)
        #expect(
            app.standardOutput.hasPrefix(
                "LANE     CONFIGURATION  SCHEDULE     DESCRIPTION\nlint     -              -            Lint the sources\n"))
        #expect(app.standardError == "")
    }

    @Test("lanes: an invalid lanes.yml is exit 2, nothing on stdout")
    func lanesInvalid() async throws {
        let app = try AppHarness(lanes: Fixtures.invalid)
        let status = await ListLanes(global: LanesFileOptions()).execute(in: app.environment())
        #expect(status == 2)
        #expect(app.standardOutput == "")
        #expect(app.standardError.hasSuffix("2 errors\n"))
    }
}
