/// A named, ordered list of steps: what `nightshift run NAME` executes.
public struct Lane: Sendable, Hashable {
    public var name: String
    public var description: String?
    /// The name of the configuration its signing, build and export steps use.
    public var configuration: String?
    public var schedule: Schedule?
    /// Added to every step's environment.
    public var environment: [String: Template]
    /// The whole lane's time limit (steps keep their own as well).
    public var timeout: Duration?
    /// `cleanup_timeout:`: the bound of each cleanup action, and of `always` steps after a
    /// timeout or an interrupt; nil for the default (2 minutes).
    public var cleanupTimeout: Duration?
    public var steps: [Step]
    /// `options:`: the typed inputs a run gives the lane, in the order declared.
    public var options: [LaneOption] = []
    /// `locks:`: named locks each of its steps holds while it runs (issue #19).
    public var locks: [String] = []
    /// How `nightshift export jenkins` writes this lane.
    public var jenkins: JenkinsSettings
    /// How `nightshift export github-actions` and `export buildkite` write it.
    public var github = GitHubSettings()
    public var buildkite = BuildkiteSettings()
    /// `notify:`: whom a run of the lane tells how it ended; nil to use the file's.
    public var notify: [NotificationTarget]?
    /// `xcode:`: the Xcode its steps use, before its configuration's and the file's.
    public var xcode: XcodeRequirement?
    /// `cache:`: what its builds keep between runs, before its configuration's and the file's.
    public var cache: BuildCacheSettings?
    public var location: SourceLocation?
    /// Where `configuration:`'s value stands, for errors about it.
    public var configurationLocation: SourceLocation?

    public init(
        name: String, description: String? = nil, configuration: String? = nil, schedule: Schedule? = nil,
        environment: [String: Template] = [:], timeout: Duration? = nil, steps: [Step] = [],
        jenkins: JenkinsSettings = JenkinsSettings(), location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.configuration = configuration
        self.schedule = schedule
        self.environment = environment
        self.timeout = timeout
        self.steps = steps
        self.jenkins = jenkins
        self.location = location
    }
}

/// `jenkins:` on a lane: the Jenkinsfile `nightshift export jenkins` writes for it.
public struct JenkinsSettings: Sendable, Hashable {
    /// `agent { label '…' }`; `agent any` when nil.
    public var agent: String?
    /// Variable name → Jenkins credentials id (default: the name in kebab-case).
    public var credentials: [String: String]
    /// Shell line that installs nightshift on the agent.
    public var setup: String?
    /// Add `timestamps()` (needs the Timestamper plugin).
    public var timestamps: Bool

    public init(agent: String? = nil, credentials: [String: String] = [:], setup: String? = nil, timestamps: Bool = false) {
        self.agent = agent
        self.credentials = credentials
        self.setup = setup
        self.timestamps = timestamps
    }
}
