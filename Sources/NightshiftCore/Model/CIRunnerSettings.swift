/// `github:` on a lane: the workflow `nightshift export github-actions` writes for it.
public struct GitHubSettings: Sendable, Hashable {
    /// The runner labels of `runs-on`: a job runs on a runner that has all of them.
    public var runsOn: [String]
    /// Shell line that installs nightshift on the runner; nil builds it from Package.swift,
    /// unless `install` says where it comes from.
    public var setup: String?
    /// `setup: { brew: … | release: … | path: … }`.
    public var install: NightshiftInstall?

    public static let defaultRunsOn = ["self-hosted", "macOS"]

    public init(runsOn: [String] = GitHubSettings.defaultRunsOn, setup: String? = nil, install: NightshiftInstall? = nil) {
        self.runsOn = runsOn
        self.setup = setup
        self.install = install
    }
}

/// Where an exported job gets nightshift from, in an app's repository (which does not build it).
public enum NightshiftInstall: Sendable, Hashable {
    /// `brew: owner/repo`: `brew install owner/repo/nightshift` (Homebrew taps it first).
    case homebrew(tap: String)
    /// `release: https://…`: the nightshift binary, or a `.tar.gz`/`.tgz` holding it at its top.
    case release(url: String)
    /// `path: /opt/nightshift/bin/nightshift`: installed on the runner already.
    case path(String)
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
