/// `github:` on a lane: the workflow `nightshift export github-actions` writes for it.
public struct GitHubSettings: Sendable, Hashable {
    /// The runner labels of `runs-on`: a job runs on a runner that has all of them.
    public var runsOn: [String]
    /// Shell line that installs nightshift on the runner; nil builds it from Package.swift.
    public var setup: String?

    public static let defaultRunsOn = ["self-hosted", "macOS"]

    public init(runsOn: [String] = GitHubSettings.defaultRunsOn, setup: String? = nil) {
        self.runsOn = runsOn
        self.setup = setup
    }
}

/// `buildkite:` on a lane: the step `nightshift export buildkite` writes for it.
public struct BuildkiteSettings: Sendable, Hashable {
    /// `agents: { queue: … }`: the agent queue the step runs on; nil leaves the pipeline's default.
    public var queue: String?
    /// Shell line that installs nightshift on the agent; nil builds it from Package.swift.
    public var setup: String?

    public init(queue: String? = nil, setup: String? = nil) {
        self.queue = queue
        self.setup = setup
    }
}
