import NightshiftApp
import NightshiftCore
import NightshiftScheduling
import NightshiftSystem
import NightshiftTestSupport
import Testing

@Suite("One masking console")
struct MaskingTests {
    @Test("a secret in a lane's name, in an error and in a step's output never reaches stdout or stderr")
    func secretsNeverShown() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(
            containing: "echo lint",
            .output(
                [
                    (.standardOutput, "the token is hunter2-secret\n"), (.standardError, "warning: hunter2-"),
                    (.standardError, "secret again\n"),
                ], .exited(0)))
        let environment = app.environment(["RELEASE_TOKEN": "hunter2-secret"])
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["lint", "hunter2-secret"]).execute(in: environment)
        #expect(status == 2)
        #expect(app.standardError.contains("error: no lane named '********'"))
        let ran = await RunLanes(global: LanesFileOptions(), lanes: ["lint"]).execute(in: environment)
        #expect(ran == 0)
        #expect(app.standardOutput.contains("the token is ********"))
        #expect(!app.shown.contains("hunter2-secret"))
    }

    @Test("--dry-run: a command quoting a secret is printed masked")
    func dryRunCommand() async throws {
        let app = try AppHarness(lanes: "project: { name: Demo }\nlanes:\n  ship:\n    steps: [ { sh: deploy --token hunter2-secret } ]\n")
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["ship"], dryRun: true)
            .execute(in: app.environment(["DEPLOY_TOKEN": "hunter2-secret"]))
        #expect(status == 0)
        #expect(app.standardOutput.contains("deploy --token ********"))
        #expect(!app.shown.contains("hunter2-secret"))
    }

    @Test("the sink masks every write with the secrets its owner knows at the time, text and bytes alike")
    func sink() {
        let capture = CapturingOutputSink()
        let secrets = RunSecrets(secrets: ["first-secret"])
        let sink = MaskingOutputSink(capture, secrets: secrets)
        sink.out("first-secret second-secret\n")
        secrets.learn(["second-secret"])
        sink.write(bytes: Array("second-secret\n".utf8), to: .standardError)
        #expect(capture.standardOutput == "******** second-secret\n")
        #expect(capture.standardError == "********\n")
    }
}
