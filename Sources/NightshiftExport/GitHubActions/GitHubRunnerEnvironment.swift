import NightshiftCore
import NightshiftLanes

/// Variables a job step already has on a GitHub runner: the login shell's own (POSIX and the
/// user's session) and GitHub's default environment (`CI`, `GITHUB_*`, `RUNNER_*`, as
/// docs.github.com, "Variables reference", lists them). The workflow neither maps them from the
/// repository's secrets or variables (`HOME: ${{ vars.HOME }}` would blank HOME on the runner
/// and fail the first step) nor checks them.
enum GitHubRunnerEnvironment {
    static let loginVariables: Set<String> = [
        "HOME", "USER", "LOGNAME", "SHELL", "PATH", "PWD", "OLDPWD", "TMPDIR", "TERM", "LANG", "LC_ALL",
    ]

    static func isProvided(_ name: String) -> Bool {
        loginVariables.contains(name) || name.hasPrefix("LC_") || name == "CI" || name.hasPrefix("RUNNER_")
            || (name.hasPrefix("GITHUB_") && name != "GITHUB_TOKEN")
    }

    /// GitHub's default `GITHUB_*` variables. Another `GITHUB_` name is set by no one: GitHub
    /// refuses it as a secret or variable name, and the job's step sees it empty. `GITHUB_TOKEN`
    /// is the job's own token secret, mapped as a secret is.
    static let defaults: Set<String> = [
        "GITHUB_ACTION", "GITHUB_ACTION_PATH", "GITHUB_ACTION_REPOSITORY", "GITHUB_ACTIONS", "GITHUB_ACTOR", "GITHUB_ACTOR_ID",
        "GITHUB_API_URL", "GITHUB_BASE_REF", "GITHUB_ENV", "GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "GITHUB_GRAPHQL_URL",
        "GITHUB_HEAD_REF", "GITHUB_JOB", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_REF", "GITHUB_REF_NAME", "GITHUB_REF_PROTECTED",
        "GITHUB_REF_TYPE", "GITHUB_REPOSITORY", "GITHUB_REPOSITORY_ID", "GITHUB_REPOSITORY_OWNER", "GITHUB_REPOSITORY_OWNER_ID",
        "GITHUB_RETENTION_DAYS", "GITHUB_RUN_ATTEMPT", "GITHUB_RUN_ID", "GITHUB_RUN_NUMBER", "GITHUB_SERVER_URL", "GITHUB_SHA",
        "GITHUB_STEP_SUMMARY", "GITHUB_TRIGGERING_ACTOR", "GITHUB_WORKFLOW", "GITHUB_WORKFLOW_REF", "GITHUB_WORKFLOW_SHA",
        "GITHUB_WORKSPACE",
    ]

    /// A required `GITHUB_` name GitHub does not set, which no repository secret or variable can be.
    static func warnings(for plan: ExportLanePlan) -> [Diagnostic] {
        (plan.secrets + plan.settings).filter { $0.name.hasPrefix("GITHUB_") && $0.name != "GITHUB_TOKEN" && !defaults.contains($0.name) }
            .map { variable in
                .warning(
                    "lane '\(plan.name)' needs \(variable.name), which GitHub does not set and refuses as a secret or variable name (GITHUB_ is its own); rename it",
                    at: variable.usages.first?.location ?? plan.lane.location)
            }
    }
}
