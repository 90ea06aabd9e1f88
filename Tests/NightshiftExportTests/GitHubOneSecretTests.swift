import Foundation
@testable import NightshiftCore
@testable import NightshiftExport
import NightshiftTestSupport
import Testing

/// Issue #38: a workflow for a lane needing one variable checked it with a `for` loop over one
/// word, which shellcheck flags (SC2043). One variable, and one plus one with alternatives, each
/// pass shellcheck as GitHub's shell reads them.
@Suite("GitHub Actions: the required-variable check with one variable", .temporaryDirectory)
struct GitHubOneSecretTests {
    static func lanes(_ script: String, secrets: [String]) -> LanesFile {
        LanesFile(
            path: "lanes.yml", project: Project(name: "App"), secrets: secrets,
            lanes: [Lane(name: "deploy", steps: [Step(.sh(ShellScript(script)))])])
    }

    @Test(
        "every run: block passes shellcheck, whether the lane needs one variable or one and an alternative",
        .enabled(
            if: CIExportTests.checker != nil && RepositoryFiles.executable(named: "shellcheck") != nil,
            "shellcheck or the venv's YAML reader is not installed (scripts/install-deps)"),
        arguments: ["deploy ${DEPLOY_TOKEN}", "deploy ${DEPLOY_TOKEN} ${TARGET:-${FALLBACK}}", "deploy ${TARGET:-${FALLBACK}}"])
    func oneVariable(script: String) async throws {
        let folder = try TemporaryDirectory.make("one-secret")
        let files = try GitHubWorkflowGenerator().generate(Self.lanes(script, secrets: ["DEPLOY_TOKEN"])).files
        let workflows = try ExportWriter().write(files, into: folder + "/github")
        let scripts = try await CIExportTests.extractShell(workflows, key: "run", into: folder + "/run")
        #expect(!scripts.isEmpty)
        let shellcheck = try #require(RepositoryFiles.executable(named: "shellcheck"))
        let result = try await RepositoryFiles.run(shellcheck, ["--shell=sh", "--severity=style"] + scripts)
        #expect(result.status == 0, "\(result.output)")
        #expect(!files[0].contents.contains("for name in DEPLOY_TOKEN;"))
    }
}
