import Foundation
import NightshiftCore
import NightshiftSystem
import Testing

/// GitHub Actions and Buildkite are told apart from Jenkins by the variables they set; inside
/// either nightshift behaves as under Jenkins (plain output, the build in the run id and the
/// JUnit properties, state under the checkout).
@Suite("CIEnvironment under GitHub Actions and Buildkite")
struct CIEnvironmentTests {
    private let github = CIEnvironment([
        "GITHUB_ACTIONS": "true", "GITHUB_RUN_NUMBER": "42", "GITHUB_RUN_ATTEMPT": "2", "GITHUB_WORKSPACE": "/runner/work/brewer",
        "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "sth/brewer", "GITHUB_RUN_ID": "9001",
        "GITHUB_WORKFLOW": "nightshift lint", "RUNNER_NAME": "mac-mini-2",
        // Set on the runner by someone else: the engine that says so by name wins.
        "BUILD_NUMBER": "7",
    ])
    private let buildkite = CIEnvironment([
        "BUILDKITE": "true", "BUILDKITE_BUILD_NUMBER": "318", "BUILDKITE_BUILD_CHECKOUT_PATH": "/agent/builds/brewer/",
        "BUILDKITE_PIPELINE_SLUG": "brewer", "BUILDKITE_AGENT_NAME": "mac-1",
    ])

    @Test("GITHUB_ACTIONS=true is GitHub Actions: plain, run number and attempt in the run id, masks registered")
    func gitHubActions() {
        #expect(github.engine == .githubActions && github.prefersPlainOutput && github.registersMasks)
        #expect(github.buildTag == "b42.2")
        #expect(CIEnvironment(["GITHUB_ACTIONS": "true", "GITHUB_RUN_NUMBER": "42"]).buildTag == "b42")
        #expect(github.stateRoot(fallback: "/x/.nightshift") == "/runner/work/brewer/.nightshift")
        #expect(
            github.reportProperties.map { "\($0.name)=\($0.value)" } == [
                "github.run_number=42", "github.run_attempt=2", "github.workflow=nightshift lint",
                "github.run_url=https://github.com/sth/brewer/actions/runs/9001", "github.runner_name=mac-mini-2",
            ])
        #expect(!CIEnvironment(["GITHUB_ACTIONS": "false"]).isCI)
    }

    @Test("BUILDKITE=true is Buildkite: plain, its build number in the run id, state under the checkout")
    func buildkiteAgent() {
        #expect(buildkite.engine == .buildkite && buildkite.prefersPlainOutput && !buildkite.registersMasks)
        #expect(buildkite.buildTag == "b318")
        #expect(buildkite.stateRoot(fallback: "/x/.nightshift") == "/agent/builds/brewer/.nightshift")
        #expect(buildkite.reportProperties.map(\.name) == ["buildkite.build_number", "buildkite.pipeline_slug", "buildkite.agent_name"])
    }

    @Test("the run id carries the engine's build number")
    func runIdentifier() {
        let variables: EnvironmentVariables = ["GITHUB_ACTIONS": "true", "GITHUB_RUN_NUMBER": "42", "GITHUB_RUN_ATTEMPT": "1"]
        let id = RunIdentifier.make(
            now: .init(timeIntervalSince1970: 0), environment: variables, ci: CIEnvironment(variables), processID: 7)
        #expect(id == "19700101-000000-b42.1-7")
        #expect(RunIdentifier.isFolderName(id))
    }

    @Test("::add-mask:: registers each line of each secret once, % escaped, blank lines left out")
    func maskCommands() {
        let text = GitHubMaskCommands.lines(for: ["s3cret%20", "-----BEGIN KEY-----\nAbC\n\n-----END KEY-----", "s3cret%20"])
        #expect(
            text == """
                ::add-mask::s3cret%2520
                ::add-mask::-----BEGIN KEY-----
                ::add-mask::AbC
                ::add-mask::-----END KEY-----

                """)
        #expect(GitHubMaskCommands.lines(for: []).isEmpty)
        // Shorter than nightshift's masking minimum: GitHub would mask it inside every word.
        #expect(GitHubMaskCommands.lines(for: ["ab", "x\nlong enough", "  "]) == "::add-mask::long enough\n")
    }
}
