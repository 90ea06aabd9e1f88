import Foundation
import NightshiftCore
import NightshiftTestSupport
import Testing

/// `lanes`, `validate` and `--env` through the built binary.
@Suite("nightshift lanes, validate and --env, end to end", .temporaryDirectory)
struct InspectionCommandTests {
    static let lanes = """
        project: { name: Demo }
        secrets: [DEPLOY_TOKEN]
        lanes:
          lint:
            description: Static checks
            steps:
              - sh: echo "lint"
          nightly:
            description: Nightly build
            schedule: H 0 * * 0-4
            steps:
              - sh: echo "token $DEPLOY_TOKEN for ${TARGET}"
        """

    private func project() throws -> String {
        let directory = try makeTemporaryDirectory()
        try Self.lanes.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try "TARGET=from-file\nDEPLOY_TOKEN=file-token-123\n".write(toFile: directory + "/.env.ci", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("lanes and its alias list print every lane with its configuration, schedule and description")
    func lanesTable() async throws {
        let directory = try project()
        for command in ["lanes", "list"] {
            let outcome = try await NightshiftBinary.run([command], in: directory)
            #expect(outcome.exitCode == 0)
            #expect(
                outcome.standardOutput == """
                    LANE     CONFIGURATION  SCHEDULE     DESCRIPTION
                    lint     -              -            Static checks
                    nightly  -              H 0 * * 0-4  Nightly build

                    """)
        }
    }

    @Test("load errors that quote a secret are masked: an env: literal of lanes.yml, the environment's, a .env file's")
    func maskedLoadDiagnostics() async throws {
        let directory = try makeTemporaryDirectory()
        try """
        project: { name: Demo }
        lanes:
          deploy:
            env: { DEPLOY_TOKEN: "literal-tok-4f9a2c" }
            configuration: literal-tok-4f9a2c
            steps: [ { sh: echo } ]
          publish:
            configuration: env-secret-77b1
            steps: [ { sh: echo } ]
          notify:
            configuration: dotenv-secret-31c
            steps: [ { sh: echo } ]
        """.write(toFile: directory + "/lanes.yml", atomically: true, encoding: .utf8)
        try "SLACK_TOKEN=dotenv-secret-31c\n".write(toFile: directory + "/.env", atomically: true, encoding: .utf8)
        let result = try await NightshiftBinary.run(["validate"], in: directory, environment: ["API_TOKEN": "env-secret-77b1"])
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("lanes.yml:5:20: error: lane 'deploy' names configuration '********'"))
        for secret in ["literal-tok-4f9a2c", "env-secret-77b1", "dotenv-secret-31c"] {
            #expect(!result.standardError.contains(secret), "\(secret) shown")
        }
    }

    @Test("validate says OK with exit 0, and lists every problem with exit 2")
    func validate() async throws {
        let directory = try project()
        let good = try await NightshiftBinary.run(["validate"], in: directory)
        #expect(good.exitCode == 0)
        #expect(good.standardOutput.contains("2 lanes, 0 configurations: OK"))
        try Self.lanes.replacingOccurrences(of: "    steps:\n      - sh: echo \"lint\"", with: "    stpes: []\n    configuration: x")
            .write(toFile: directory + "/broken.yml", atomically: true, encoding: .utf8)
        let bad = try await NightshiftBinary.run(["validate", "--file", "broken.yml"], in: directory)
        #expect(bad.exitCode == 2)
        #expect(bad.standardError.contains("broken.yml:6:5: error: unknown key 'stpes' in lane 'lint'"))
        #expect(bad.standardError.contains("note: did you mean 'steps'?"))
        #expect(bad.standardError.contains("broken.yml:7:20: error: lane 'lint' names configuration 'x', which does not exist"))
    }

    @Test("--env NAME fills unset variables from .env.NAME; the real environment wins; its secrets are masked")
    func envFile() async throws {
        let directory = try project()
        let outcome = try await NightshiftBinary.run(["run", "nightly", "--env", "ci"], in: directory, environment: ["TARGET": "from-env"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.contains("token ******** for from-env"))
        #expect(!outcome.standardOutput.contains("file-token-123"))
        let without = try await NightshiftBinary.run(["run", "nightly"], in: directory)
        #expect(without.exitCode == 2)
        #expect(without.standardError.contains("environment variable 'TARGET' is not set"))
        let unknown = try await NightshiftBinary.run(["run", "nightly", "--env", "nope"], in: directory)
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("cannot read"))
    }

    @Test(".env and --env a,b load in fastlane's order; the environment's win is noted without values; a broken line stops the run")
    func envFileStack() async throws {
        let directory = try project()
        try "TARGET=from-dotenv\nDEPLOY_TOKEN=dotenv-token-1\n".write(toFile: directory + "/.env", atomically: true, encoding: .utf8)
        try "TARGET=\"${TARGET}-a\" # say \"hi\"\n".write(toFile: directory + "/.env.a", atomically: true, encoding: .utf8)
        try "# b\nDEPLOY_TOKEN=b-token-22\n".write(toFile: directory + "/.env.b", atomically: true, encoding: .utf8)
        let outcome = try await NightshiftBinary.run(
            ["run", "nightly", "--env", "a,b"], in: directory, environment: ["DEPLOY_TOKEN": "env-token-333"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.contains("token ******** for from-dotenv-a"))
        #expect(outcome.standardError.contains("note: DEPLOY_TOKEN from the environment overrides .env.b:2"))
        #expect(!(outcome.standardOutput + outcome.standardError).contains("token-"))
        try "TARGET=ok\nTARGET=\"unterminated\n".write(toFile: directory + "/.env.broken", atomically: true, encoding: .utf8)
        let broken = try await NightshiftBinary.run(["run", "nightly", "--env", "broken"], in: directory)
        #expect(broken.exitCode == 2)
        #expect(broken.standardError.contains(".env.broken:2:8: error: unterminated \" quote"))
        #expect(!broken.standardOutput.contains("token"))
    }

    @Test("a blank secret is ignored with a warning naming it, and a short one is named too; neither is shown")
    func secretsTooShortToMask() async throws {
        let directory = try project()
        let blank = try await NightshiftBinary.run(
            ["run", "nightly"], in: directory, environment: ["DEPLOY_TOKEN": "   ", "TARGET": "a    b"])
        #expect(blank.exitCode == 0)
        #expect(blank.standardOutput.contains("token     for a    b"))
        #expect(blank.standardError.contains("warning: secret DEPLOY_TOKEN is blank: it is ignored, not masked"))
        let short = try await NightshiftBinary.run(["run", "nightly"], in: directory, environment: ["DEPLOY_TOKEN": "q7", "TARGET": "x"])
        #expect(short.standardError.contains("warning: secret DEPLOY_TOKEN is shorter than 3 bytes: it is never masked"))
        #expect(!short.standardError.contains("q7"))
    }
}
