import Foundation
import NightshiftApp
import NightshiftSystem
import Testing

@Suite("export github-actions, in process")
struct ExportGitHubActionsTests {
    @Test("from a subfolder of the repository, workflows go to the root's .github/workflows, where GitHub reads them")
    func defaultOutputIsTheRepositoryRoot() async throws {
        let app = try AppHarness()
        try FileManager.default.createDirectory(atPath: app.directory + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: app.directory + "/ios", withIntermediateDirectories: true)
        try app.write("lanes:\n  p:\n    steps: [{ sh: pwd }]\n", to: "ios/lanes.yml")
        var environment = app.environment()
        environment.currentDirectory = app.folder.appending("ios")
        let status = await ExportGitHubActions(global: LanesFileOptions()).execute(in: environment)
        #expect(status == 0)
        let root = app.folder.standardized.string
        #expect(app.standardOutput == "wrote \(root)/.github/workflows/nightshift-p.yml\n")
        #expect(app.read(".github/workflows/nightshift-p.yml")?.contains("--file ios/lanes.yml") == true)
        #expect(app.read("ios/.github/workflows/nightshift-p.yml") == nil)
    }

    @Test("from the repository's root the folder is named as before, relative")
    func defaultOutputFromTheRoot() async throws {
        let app = try AppHarness(lanes: "lanes:\n  p:\n    steps: [{ sh: pwd }]\n")
        let status = await ExportGitHubActions(global: LanesFileOptions()).execute(in: app.environment())
        #expect(status == 0)
        #expect(app.standardOutput == "wrote .github/workflows/nightshift-p.yml\n")
    }
}
