import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Issue #26, item 4: an option named like a secret (`deploy_password`, `API_TOKEN`, `db_pass`)
/// is one without `secret: true`, exactly as a variable of that name would be.
@Suite("options named like secrets, in process")
struct SecretNamedOptionsTests {
    static let lanes = #"""
        lanes:
          deploy:
            options:
              deploy_password: { default: "hunter2-default-pw" }
              API_TOKEN: {}
              db_pass: {}
              pass_through: { default: "yes" }
            steps:
              - sh: echo "pw=$deploy_password token=$API_TOKEN db=$db_pass through=$pass_through"
        """#

    @Test("masked on the console, in --json and JUnit; not printed as a default by `lanes LANE`; PASS only as the last part")
    func maskedEverywhere() async throws {
        let app = try AppHarness(lanes: Self.lanes)
        await app.shell.onScript(
            containing: "echo \"pw=",
            .output([(.standardOutput, "pw=hunter2-default-pw token=tok-abcdef-123 db=dbpass-xyz through=yes\n")], .exited(0)))
        let command = RunLanes(
            global: LanesFileOptions(), lanes: ["deploy", "API_TOKEN=tok-abcdef-123", "db_pass=dbpass-xyz"], junit: "r.xml",
            json: "r.json")
        #expect(await command.execute(in: app.environment()) == 0, "\(app.shown)")
        for secret in ["hunter2-default-pw", "tok-abcdef-123", "dbpass-xyz"] {
            #expect(!app.shown.contains(secret), "\(app.shown)")
            #expect(try #require(app.read("r.json")).contains(secret) == false)
            #expect(try #require(app.read("r.xml")).contains(secret) == false)
        }
        #expect(app.standardOutput.contains("pw=******** token=******** db=******** through=yes"))
        let junit = try #require(app.read("r.xml"))
        #expect(junit.contains("<property name=\"option.deploy_password\" value=\"********\"/>"))
        #expect(junit.contains("<property name=\"option.pass_through\" value=\"yes\"/>"))

        let listing = try AppHarness(lanes: Self.lanes)
        #expect(await ListLanes(global: LanesFileOptions(), lane: "deploy").execute(in: listing.environment()) == 0)
        #expect(!listing.standardOutput.contains("hunter2"))
        #expect(listing.standardOutput.contains("deploy_password (string)  secret"), "\(listing.standardOutput)")
    }

    @Test("`secret: false` on an option named like a secret is a warning at its place, and the option stays secret")
    func secretFalseIsIgnored() async throws {
        let text = "lanes:\n  deploy:\n    options:\n      api_token: { secret: false }\n    steps: [{ sh: make }]\n"
        let app = try AppHarness(lanes: text)
        #expect(await ValidateLanes(global: LanesFileOptions()).execute(in: app.environment()) == 0)
        #expect(
            app.standardError.contains(
                "lanes.yml:4:28: warning: option 'api_token' of lane 'deploy' is secret by its name ('TOKEN' is one of its parts): 'secret: false' is ignored"
            ), "\(app.standardError)")
    }

    @Test("a secret option not given is read from NIGHTSHIFT_OPTION_NAME, masked; a plain option is not; the command line wins")
    func secretFromEnvironment() async throws {
        let text = """
            lanes:
              deploy:
                options: { api_token: { required: true }, flavor: {} }
                steps:
                  - sh: echo "token=$api_token flavor=$flavor"
            """
        let app = try AppHarness(lanes: text)
        await app.shell.onScript(containing: "echo \"token=", .output([(.standardOutput, "token=tok-from-env-1 flavor=\n")], .exited(0)))
        let variables = ["NIGHTSHIFT_OPTION_API_TOKEN": "tok-from-env-1", "NIGHTSHIFT_OPTION_FLAVOR": "release"]
        #expect(await app.run("deploy", variables: variables) == 0, "\(app.shown)")
        let environment = try #require(await app.shell.commands.first?.environment)
        #expect(environment["api_token"] == "tok-from-env-1")
        #expect(environment["flavor"] == "")
        #expect(!app.shown.contains("tok-from-env-1"))

        let given = try AppHarness(lanes: text)
        await given.shell.onScript(containing: "echo \"token=", .output([], .exited(0)))
        #expect(await given.run("deploy", "api_token=tok-given-2", variables: variables) == 0)
        #expect(try #require(await given.shell.commands.first?.environment)["api_token"] == "tok-given-2")
    }
}
