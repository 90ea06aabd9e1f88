import Foundation
import NightshiftApp
import NightshiftSystem
import NightshiftTestSupport
import Testing

/// Under GitHub Actions a run starts by naming each secret value to the runner (`::add-mask::`),
/// once, and masks it everywhere after, as any run does.
@Suite("Runs under GitHub Actions")
struct GitHubActionsRunTests {
    @Test("::add-mask:: names each secret once, before the lane starts; nothing else shows the value")
    func masksRegistered() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "echo lint", .output([(.standardOutput, "the token is hunter2-secret\n")], .exited(0)))
        let environment = app.environment(["RELEASE_TOKEN": "hunter2-secret", "GITHUB_ACTIONS": "true", "GITHUB_RUN_NUMBER": "42"])
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["lint"]).execute(in: environment)
        #expect(status == 0)
        #expect(app.standardOutput.hasPrefix("::add-mask::hunter2-secret\n"))
        #expect(app.shown.components(separatedBy: "hunter2-secret").count == 2)
        #expect(app.standardOutput.contains("the token is ********"))
    }

    @Test("outside GitHub Actions no ::add-mask:: line is written")
    func noMasksElsewhere() async throws {
        let app = try AppHarness(lanes: Fixtures.lanes)
        await app.shell.onScript(containing: "echo lint", .output([], .exited(0)))
        let status = await RunLanes(global: LanesFileOptions(), lanes: ["lint"])
            .execute(in: app.environment(["RELEASE_TOKEN": "hunter2-secret", "BUILD_NUMBER": "7"]))
        #expect(status == 0)
        #expect(!app.shown.contains("::add-mask::") && !app.shown.contains("hunter2-secret"))
    }
}
