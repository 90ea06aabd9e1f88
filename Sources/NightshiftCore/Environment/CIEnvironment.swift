public import NightshiftSystem
/// What nightshift learns from the variables a CI engine sets for every build: which engine runs
/// it (Jenkins, GitHub Actions, Buildkite), where the job's workspace is, and which build this
/// is. Inside any of them nightshift behaves alike: plain output, state under the workspace, the
/// build number in the run id and the JUnit report's properties; exit codes do not change.
public struct CIEnvironment: Sendable, Hashable {
    public enum Engine: String, Sendable, Hashable {
        case jenkins
        case githubActions = "github"
        case buildkite
    }

    /// Nil outside a CI engine nightshift knows.
    public let engine: Engine?
    /// The engine's build number: Jenkins' `BUILD_NUMBER`, GitHub's `GITHUB_RUN_NUMBER`,
    /// Buildkite's `BUILDKITE_BUILD_NUMBER`.
    public let buildNumber: String?
    /// GitHub's `GITHUB_RUN_ATTEMPT`: a re-run keeps the run number and counts up the attempt.
    public let attempt: String?
    /// The checkout the job runs in: `WORKSPACE`, `GITHUB_WORKSPACE`, `BUILDKITE_BUILD_CHECKOUT_PATH`.
    public let workspace: String?
    /// `<property>`s for the JUnit report, so a report found later still says which build on
    /// which agent made it.
    public let reportProperties: [ReportProperty]

    public struct ReportProperty: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    public init(_ environment: EnvironmentVariables) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        func properties(_ pairs: [(String, String?)]) -> [ReportProperty] {
            pairs.compactMap { name, value in value.map { ReportProperty(name: name, value: $0) } }
        }
        // The engines that say so by name first: a Jenkins-looking BUILD_NUMBER may be anyone's.
        if value("GITHUB_ACTIONS") == "true" {
            engine = .githubActions
            buildNumber = value("GITHUB_RUN_NUMBER")
            attempt = value("GITHUB_RUN_ATTEMPT")
            workspace = value("GITHUB_WORKSPACE")
            let run = [value("GITHUB_SERVER_URL"), value("GITHUB_REPOSITORY"), value("GITHUB_RUN_ID")]
            let runURL = run.allSatisfy { $0 != nil } ? "\(run[0]!)/\(run[1]!)/actions/runs/\(run[2]!)" : nil
            reportProperties = properties([
                ("github.run_number", buildNumber), ("github.run_attempt", attempt), ("github.workflow", value("GITHUB_WORKFLOW")),
                ("github.run_url", runURL), ("github.runner_name", value("RUNNER_NAME")),
            ])
        } else if value("BUILDKITE") == "true" {
            engine = .buildkite
            buildNumber = value("BUILDKITE_BUILD_NUMBER")
            attempt = nil
            workspace = value("BUILDKITE_BUILD_CHECKOUT_PATH")
            reportProperties = properties([
                ("buildkite.build_number", buildNumber), ("buildkite.pipeline_slug", value("BUILDKITE_PIPELINE_SLUG")),
                ("buildkite.build_url", value("BUILDKITE_BUILD_URL")), ("buildkite.agent_name", value("BUILDKITE_AGENT_NAME")),
            ])
        } else if value("JENKINS_URL") != nil || value("BUILD_NUMBER") != nil {
            // `BUILD_NUMBER` alone counts as well: agents launched over SSH may not be told `JENKINS_URL`.
            // Jenkins' JUnit plugin (since 2023) keeps properties only when its step says
            // `keepProperties: true`; otherwise they stay in the report file alone.
            engine = .jenkins
            buildNumber = value("BUILD_NUMBER")
            attempt = nil
            workspace = value("WORKSPACE")
            reportProperties = properties([
                ("jenkins.build_number", buildNumber), ("jenkins.job_name", value("JOB_NAME")),
                ("jenkins.build_url", value("BUILD_URL")), ("jenkins.node_name", value("NODE_NAME")), ("jenkins.url", value("JENKINS_URL")),
            ])
        } else {
            (engine, buildNumber, attempt, workspace, reportProperties) = (nil, nil, nil, nil, [])
        }
    }

    /// Outside any CI engine: for what runs with no command around it (tests, benchmarks).
    public static let none = Self(EnvironmentVariables([:]))

    public var isCI: Bool { engine != nil }

    /// The variable the engine keeps its build number in, so a step whose `env:` sets it reads
    /// its own value: `BUILD_NUMBER` under Jenkins and outside CI.
    public var buildNumberVariable: String {
        switch engine {
        case .githubActions: "GITHUB_RUN_NUMBER"
        case .buildkite: "BUILDKITE_BUILD_NUMBER"
        case .jenkins, nil: "BUILD_NUMBER"
        }
    }

    /// A CI console is no terminal: no colours, no progress redrawn in place.
    public var prefersPlainOutput: Bool { isCI }

    /// GitHub Actions masks in its log what a `::add-mask::` line names (`GitHubMaskCommands`).
    public var registersMasks: Bool { engine == .githubActions }

    /// Where run folders and reports go: `<workspace>/.nightshift` in a CI job (the workspace is
    /// what the engine archives and cleans), else `fallback`.
    public func stateRoot(fallback: String) -> String {
        guard isCI, let workspace else { return fallback }
        return workspace.hasSuffix("/") ? "\(workspace).nightshift" : "\(workspace)/.nightshift"
    }

    /// `b42` in build 42 (`b42.2` in GitHub's second attempt of run 42), for the run id
    /// (`RunIdentifier`); only characters a folder name can carry are kept.
    public var buildTag: String? {
        guard isCI, let build = buildNumber.map(RunIdentifier.pathSafe), !build.isEmpty else { return nil }
        guard let attempt = attempt.map(RunIdentifier.pathSafe), !attempt.isEmpty else { return "b\(build)" }
        return "b\(build).\(attempt)"
    }
}
